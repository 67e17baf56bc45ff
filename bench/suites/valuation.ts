/**
 * The stock valuation as of past days, on the seed of `npm run seed -- --orders 2000` (13 months, ~500
 * SKUs in three warehouses, receipts, allocations and shipments in the ledger): through the reports
 * handler, `asOf` a week, three months and a year back, and without `asOf` (the records as they are).
 * Target: a past `asOf` answers within 500 ms (median). Each answer is checked against the records
 * replayed from every movement (the valuation must not drift from the ledger's own arithmetic).
 */
import { seedTable } from '../../infra/local/seed/seed-database';
import { db, setDb } from '../../shared/db/client';
import { allWarehouses, movementsOfSkuPartitions, stockInWarehousePartitions } from '../../shared/db/keys';
import { queryEveryPartition } from '../../shared/db/every-partition';
import { queryAll } from '../../shared/db/query';
import type { Day } from '../../shared/domain/reporting-days';
import { addDays, reportingDay, startOfDay } from '../../shared/domain/reporting-days';
import type { Movement } from '../../shared/domain/stock-ledger';
import { replayMovements, valueOf } from '../../shared/domain/stock-valuation';
import { round, summarize } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { interleave } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { withDynamoLocal } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';
import { silenceStdout } from '../support/silenced-stdout';
import { viewerGetEvent } from '../support/viewer-get';

const targetMs = 500;
const orders = 2_000;
const table = 'bench-valuation';
const zone = 'UTC';
const schedule = { warmup: 2, rounds: 4, perRound: 3 };

type Handler = (event: unknown, context: typeof lambdaContext) => Promise<unknown>;
type Item = Record<string, unknown>;

const progress = (text: string) => process.stderr.write(`  valuation: ${text}\n`);

async function get(handler: Handler, path: string): Promise<Item> {
  const response = (await handler(viewerGetEvent(path), lambdaContext)) as {
    statusCode: number;
    body: string;
  };
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Item;
}

/** Every movement of the table, by SKU partition (the seed's SKUs are the stock records' SKUs). */
async function everyMovement(): Promise<Movement[]> {
  const warehouses = await queryAll(allWarehouses());
  const skus = new Set<string>();
  for (const warehouse of warehouses)
    for (const record of await queryEveryPartition(stockInWarehousePartitions(String(warehouse.id))))
      skus.add(String(record.sku));
  const movements: Movement[] = [];
  for (const sku of skus)
    for (const { pk } of movementsOfSkuPartitions(sku))
      movements.push(...((await queryAll({ pk })) as Movement[]));
  return movements;
}

/** The totals a full replay of the ledger gives as of the end of `day` (the answer's `total`). */
function replayedTotal(movements: readonly Movement[], day: Day) {
  const before = startOfDay(addDays(day, 1), zone).toISOString();
  const bySku = new Map<string, Movement[]>();
  for (const movement of movements) {
    if (`${movement.at}#${movement.id}` >= before) continue;
    const key = `${movement.warehouseId}\u0000${movement.sku}`;
    bySku.set(key, [...(bySku.get(key) ?? []), movement]);
  }
  const total = { onHand: 0, averageValue: 0, fifoValue: 0 };
  for (const list of bySku.values()) {
    list.sort((a, b) => (`${a.at}#${a.id}` < `${b.at}#${b.id}` ? -1 : 1));
    const stock = replayMovements(list);
    const value = valueOf(stock);
    total.onHand += stock.onHand;
    total.averageValue += value.averageValue;
    total.fifoValue += value.fifoValue;
  }
  return total;
}

export const valuation: Suite = {
  name: 'valuation',
  description: `Stock valuation as of past days on a ${orders}-order seed, through the reports handler (target ≤ ${targetMs} ms)`,
  async run() {
    return withDynamoLocal(table, async (endpoint) => {
      Object.assign(process.env, {
        DYNAMODB_ENDPOINT: endpoint,
        TABLE_NAME: table,
        AWS_REGION: 'local',
        REPORTING_TIME_ZONE: zone,
      });
      setDb(undefined);
      progress(`seeding ${orders} orders…`);
      const seeded = await seedTable({ endpoint, tableName: table, orders, seed: 1 });
      progress(`seeded ${seeded.items} items in ${round(seeded.writeSeconds, 1)} s`);
      const movements = await everyMovement();
      const today = reportingDay(new Date(), zone);
      const days = {
        'a week ago': addDays(today, -7),
        '90 days ago': addDays(today, -90),
        'a year ago': addDays(today, -365),
      };

      process.env.LOG_LEVEL = 'info';
      const stdout = silenceStdout();
      let samples: Map<string, number[]>;
      const checks: Row[] = [];
      try {
        const { handler } = (await import('../../functions/reports/handler')) as { handler: Handler };
        for (const [name, day] of Object.entries(days)) {
          const answer = await get(handler, `/v1/reports/inventory/valuation?asOf=${day}`);
          const expected = replayedTotal(movements, day);
          const total = answer.total as typeof expected;
          checks.push({
            asOf: `${name} (${day})`,
            'on hand': total.onHand,
            'average value': total.averageValue,
            'FIFO value': total.fifoValue,
            'equals a full replay': JSON.stringify(total) === JSON.stringify(expected),
          });
        }
        samples = await interleave(
          [
            ...Object.entries(days).map(([name, day]) => ({
              name: `asOf ${name}`,
              call: () => get(handler, `/v1/reports/inventory/valuation?asOf=${day}`),
            })),
            { name: 'now (no asOf)', call: () => get(handler, '/v1/reports/inventory/valuation') },
          ],
          schedule,
        );
      } finally {
        stdout.restore();
        db().destroy();
        setDb(undefined);
      }
      const rows: Row[] = [...samples.entries()].map(([name, ms]) => {
        const summary = summarize(ms);
        return {
          query: name,
          n: summary.n,
          'median ms': round(summary.medianMs, 1),
          'p95 ms': round(summary.p95Ms, 1),
          verdict: name.startsWith('asOf') ? verdict(summary.medianMs, targetMs) : '',
        };
      });
      return {
        tables: [
          { title: `Valuation through the handler (${movements.length} movements in the ledger)`, rows },
          { title: 'Answers against a replay of every movement', rows: checks },
        ],
        notes: [
          `Seed: ${orders} orders over 395 days, seed 1 (${seeded.items} items); DynamoDB Local in memory.`,
          `Each query ${schedule.rounds * schedule.perRound} times after ${schedule.warmup} warm-up calls, interleaved.`,
        ],
      };
    });
  },
};
