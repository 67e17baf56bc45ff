/**
 * Write amplification: the write capacity one typical order's writes consume, table and each secondary
 * index, through the real handlers against DynamoDB Local (which reports capacity per index and honours
 * projections): the order written (PUT, 4 lines, a warehouse holding the stock, so allocations move), a
 * payment, a label print (built-in carrier) and the refund of a received return. Beside it, the same
 * recorded writes priced with every index projecting ALL (the projection the table had before), from the
 * items' images before and after each write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApiEvent } from '../../infra/local/api-event';
import { db } from '../../shared/db/client';
import type { IndexProjection } from '../../shared/db/table-definition';
import { tableDefinition } from '../../shared/db/table-definition';
import { applyStockMovements } from '../../shared/stock/ledger';
import { dockOrigin, seedWarehouse } from '../../test/support/builders';
import { claimsFor } from '../../test/support/call';
import type { Row, Suite } from '../lib/suite';
import { startBenchS3 } from '../support/bench-s3';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';
import type { IndexShape } from '../support/wcu-capacity';
import { indexWriteUnits, itemBytes } from '../support/wcu-capacity';
import type { RecordedWrite, WrittenItem } from '../support/wcu-recorder';
import type { ItemUnits } from '../support/wcu-replay';
import { ReplayPricer } from '../support/wcu-replay';
import { WriteRecorder } from '../support/wcu-recorder';

const tableName = 'bench-wcu';
const bucket = 'bench-wcu-files';

type Handler = (
  event: unknown,
  context: typeof lambdaContext,
) => Promise<{ statusCode: number; body: string }>;
type Item = Record<string, unknown>;

const deployed: readonly IndexShape[] = tableDefinition.globalIndexes;
const allProjected: readonly IndexShape[] = deployed.map((index) => ({
  ...index,
  projection: { type: 'ALL' } satisfies IndexProjection,
}));
const indexNames = deployed.map((index) => index.indexName);
/** The option not taken, priced for comparison: GSI1 holding keys only too, its readers fetching the items. */
const gsi1KeysOnly: readonly IndexShape[] = deployed.map((index) =>
  index.indexName === 'GSI1'
    ? { ...index, projection: { type: 'KEYS_ONLY' } satisfies IndexProjection }
    : index,
);

const lines = [
  {
    itemId: 'L1',
    sku: 'WCU-TEE-NAVY-M',
    title: 'Organic cotton tee, Navy, M',
    quantity: 2,
    unitPrice: 2400,
    tax: 384,
    discount: 0,
    weightGrams: 210,
  },
  {
    itemId: 'L2',
    sku: 'WCU-HOODIE-GREY-L',
    title: 'Zip hoodie, Heather grey, L',
    quantity: 1,
    unitPrice: 5900,
    tax: 472,
    discount: 500,
    weightGrams: 640,
  },
  {
    itemId: 'L3',
    sku: 'WCU-SOCKS-3PK',
    title: 'Merino socks, 3 pack',
    quantity: 1,
    unitPrice: 1800,
    tax: 144,
    discount: 0,
    weightGrams: 150,
  },
  {
    itemId: 'L4',
    sku: 'WCU-CAP-BLACK',
    title: 'Six-panel cap, Black',
    quantity: 1,
    unitPrice: 2200,
    tax: 176,
    discount: 0,
    weightGrams: 120,
  },
];

const orderBody = (warehouseId: string, orderDate: string) => ({
  channel: 'webshop',
  orderDate,
  customer: { name: 'Grace Hopper', email: 'grace@example.com', phone: '+1 212 555 0134' },
  shipTo: {
    name: 'Grace Hopper',
    line1: '12 Elm Street',
    line2: 'Apt 4B',
    city: 'Brooklyn',
    region: 'NY',
    postalCode: '11201',
    country: 'US',
  },
  billTo: {
    name: 'Grace Hopper',
    line1: '12 Elm Street',
    line2: 'Apt 4B',
    city: 'Brooklyn',
    region: 'NY',
    postalCode: '11201',
    country: 'US',
  },
  lines,
  currency: 'USD',
  shippingCharge: 695,
  warehouseId,
});

/** `ORDER / A#ORDER`: a key's leading literal segments, ids and instants left out. */
function family(item: WrittenItem): string {
  const literal = (key: string) =>
    key
      .split('#')
      .filter(
        (segment, index, all) =>
          /^[A-Z_]+$/.test(segment) && all.slice(0, index).every((s) => /^[A-Z_]+$/.test(s)),
      )
      .join('#') || '<id>';
  return `${literal(item.key.PK)} / ${literal(item.key.SK)}`;
}

/** One recorded item write, priced one item at a time in scratch tables (as deployed, and ALL). */
interface PricedItem {
  family: string;
  transactional: boolean;
  bytes: number;
  deployed: ItemUnits;
  all: ItemUnits;
  gsi1KeysOnly: ItemUnits;
  /** The same, from the size and projection rules alone (a check of the replay). */
  model: { deployed: Record<string, number>; all: Record<string, number> };
}

interface PricedOperation {
  name: string;
  writes: RecordedWrite[];
  items: PricedItem[];
  checks: number;
}

async function priceOperation(
  name: string,
  writes: RecordedWrite[],
  pricers: { deployed: ReplayPricer; all: ReplayPricer; gsi1KeysOnly: ReplayPricer },
): Promise<PricedOperation> {
  const items: PricedItem[] = [];
  let checks = 0;
  for (const write of writes) {
    if (write.failed) continue;
    const times = write.transactional ? 2 : 1;
    const doubled = (units: ItemUnits): ItemUnits => ({
      table: units.table * times,
      indexes: Object.fromEntries(
        Object.entries(units.indexes).map(([index, value]) => [index, value * times]),
      ),
    });
    for (const item of write.items) {
      if (item.kind === 'check') {
        checks += 1;
        continue;
      }
      const model = (shapes: readonly IndexShape[]) =>
        Object.fromEntries(
          shapes.map((index) => [
            index.indexName,
            indexWriteUnits(item.before, item.after, index, write.transactional),
          ]),
        );
      items.push({
        family: `${family(item)}${item.kind === 'put' ? '' : ` (${item.kind})`}${write.transactional ? '' : ' *'}`,
        transactional: write.transactional,
        bytes: Math.max(
          0,
          ...[item.before, item.after].filter((image): image is Item => !!image).map(itemBytes),
        ),
        deployed: doubled(await pricers.deployed.price(item)),
        all: doubled(await pricers.all.price(item)),
        gsi1KeysOnly: doubled(await pricers.gsi1KeysOnly.price(item)),
        model: { deployed: model(deployed), all: model(allProjected) },
      });
    }
  }
  return { name, writes, items, checks };
}

const indexSum = (units: Record<string, number>) =>
  indexNames.reduce((sum, index) => sum + (units[index] ?? 0), 0);

function operationRow(operation: PricedOperation, side: 'deployed' | 'all'): Row {
  const table = operation.items.reduce((sum, item) => sum + item[side].table, 0);
  const indexes = Object.fromEntries(
    indexNames.map((index) => [
      index,
      operation.items.reduce((sum, item) => sum + (item[side].indexes[index] ?? 0), 0),
    ]),
  );
  const agrees = operation.items.every((item) =>
    indexNames.every((index) => (item[side].indexes[index] ?? 0) === item.model[side][index]),
  );
  const reported = operation.writes.reduce((sum, write) => sum + write.table + indexSum(write.indexes), 0);
  return {
    operation: operation.name,
    'items written': operation.items.length,
    'table WCU': table,
    ...Object.fromEntries(indexNames.map((index) => [`${index} WCU`, indexes[index]!])),
    'total WCU': table + indexSum(indexes),
    'largest item bytes': Math.max(0, ...operation.items.map((item) => item.bytes)),
    'rules check': agrees ? 'agrees' : 'DIFFERS',
    ...(side === 'deployed' ? { 'Local, as sent (total)': reported } : {}),
  };
}

function gsi1Row(operation: PricedOperation): Row {
  const units = (side: 'deployed' | 'gsi1KeysOnly') =>
    operation.items.reduce((sum, item) => sum + (item[side].indexes.GSI1 ?? 0), 0);
  const total = (side: 'deployed' | 'gsi1KeysOnly') =>
    operation.items.reduce((sum, item) => sum + item[side].table + indexSum(item[side].indexes), 0);
  return {
    operation: operation.name,
    'GSI1 WCU': units('deployed'),
    'GSI1 WCU, keys only': units('gsi1KeysOnly'),
    'total WCU': total('deployed'),
    'total WCU, GSI1 keys only': total('gsi1KeysOnly'),
  };
}

const sumRows = (rows: readonly Row[], name: string): Row => {
  const total: Row = { operation: name };
  for (const row of rows)
    for (const [column, value] of Object.entries(row)) {
      if (column === 'operation') continue;
      if (typeof value !== 'number') {
        total[column] = total[column] === 'DIFFERS' || value === 'DIFFERS' ? 'DIFFERS' : value;
        continue;
      }
      total[column] =
        column === 'largest item bytes'
          ? Math.max(Number(total[column] ?? 0), value)
          : Number(total[column] ?? 0) + value;
    }
  return total;
};

/** Per operation and item family: how many, their size, and index units as deployed and with ALL. */
function familyRows(operation: PricedOperation): Row[] {
  const families = new Map<
    string,
    { count: number; bytes: number; now: Record<string, number>; all: Record<string, number> }
  >();
  for (const item of operation.items) {
    const entry = families.get(item.family) ?? { count: 0, bytes: 0, now: {}, all: {} };
    entry.count += 1;
    entry.bytes = Math.max(entry.bytes, item.bytes);
    for (const index of indexNames) {
      entry.now[index] = (entry.now[index] ?? 0) + (item.deployed.indexes[index] ?? 0);
      entry.all[index] = (entry.all[index] ?? 0) + (item.all.indexes[index] ?? 0);
    }
    families.set(item.family, entry);
  }
  return [...families.entries()].map(([name, entry]) => ({
    operation: operation.name.replace(/ \(.*$/, ''),
    item: name,
    count: entry.count,
    'largest bytes': entry.bytes,
    ...Object.fromEntries(
      indexNames.map((index) => [
        `${index} now / ALL`,
        `${entry.now[index] ?? 0} / ${entry.all[index] ?? 0}`,
      ]),
    ),
  }));
}

const projectionText = (projection: IndexProjection) =>
  projection.type === 'INCLUDE' ? `INCLUDE (${projection.attributes.join(', ')})` : projection.type;

export const wcu: Suite = {
  name: 'wcu',
  description: 'write capacity of a typical order write, payment, label print and refund, table and each GSI',
  run: () =>
    withHandlerEnvironment(tableName, async (stdout) => {
      const work = mkdtempSync(join(tmpdir(), 'bench-wcu-'));
      const s3Local = await startBenchS3(work, bucket);
      const recorder = new WriteRecorder(db(), process.env.DYNAMODB_ENDPOINT!, tableName);
      try {
        const warehouse = await seedWarehouse({ code: 'WCU', originAddress: dockOrigin });
        await applyStockMovements(
          lines.map((line) => ({
            sku: line.sku,
            warehouseId: warehouse.id,
            type: 'receipt' as const,
            quantity: 1_000,
            unitCost: 900,
          })),
        );
        const handlers = new Map<string, Handler>();
        let requestNumber = 0;
        const send = async (method: string, path: string, body: unknown, expected: number) => {
          const { group, ...event } = buildApiEvent({
            method,
            path,
            // Every POST carries an Idempotency-Key, as the back-office UI sends it.
            headers: {
              'content-type': 'application/json',
              ...(method === 'POST' ? { 'idempotency-key': `wcu-${++requestNumber}` } : {}),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            claims: claimsFor('manager'),
          });
          if (!handlers.has(group)) {
            const loaded = (await import(`../../functions/${group}/handler.ts`)) as { handler: Handler };
            handlers.set(group, loaded.handler);
          }
          const answer = await handlers.get(group)!(event, lambdaContext);
          if (answer.statusCode !== expected)
            throw new Error(
              `${method} ${path} answered ${answer.statusCode}, not ${expected}: ${answer.body}`,
            );
          return JSON.parse(answer.body) as Item;
        };
        const shipDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        const orderDate = new Date().toISOString();

        // One order's life; each step recorded, the return's own steps before the refund too.
        const life = async (id: string) => {
          const put = await recorder.record(() =>
            send('PUT', `/v1/orders/${id}`, orderBody(warehouse.id, orderDate), 201),
          );
          const { totals } = (await send('GET', `/v1/orders/${id}`, undefined, 200)) as {
            totals: { balance: number };
          };
          const pay = await recorder.record(() =>
            send('POST', `/v1/orders/${id}/payments`, { amount: totals.balance, method: 'card' }, 201),
          );
          const print = await recorder.record(() =>
            send(
              'POST',
              `/v1/fulfillment/ship-now/${id}/print`,
              { processorCode: 'parcel', serviceCode: 'ground', packages: [{ weightGrams: 1400 }], shipDate },
              201,
            ),
          );
          const returnsPath = `/v1/orders/${id}/returns`;
          const opened = await send(
            'POST',
            returnsPath,
            { lines: [{ itemId: 'L2', quantity: 1, reasonCode: 'size_or_fit' }] },
            201,
          );
          const returnPath = `${returnsPath}/${String(opened.id)}`;
          await send('POST', `${returnPath}/approve`, undefined, 200);
          await send(
            'POST',
            `${returnPath}/receive`,
            { lines: [{ itemId: 'L2', quantity: 1, disposition: 'restock', warehouseId: warehouse.id }] },
            200,
          );
          const refund = await recorder.record(() =>
            send('POST', `${returnPath}/refund`, { lines: [{ itemId: 'L2', quantity: 1 }] }, 200),
          );
          return { put, pay, print, refund };
        };
        // The first order of the process opens the day's manifest and registers what a first order does;
        // the second is the typical one measured.
        await life('WCU-WARMUP-1');
        const steps = await life('WCU-ORDER-1');
        const recorded: Array<[string, RecordedWrite[]]> = [
          ['order write (PUT, 4 lines, allocations move)', steps.put],
          ['payment (POST payment)', steps.pay],
          ['label print (parcel, ground)', steps.print],
          ['refund of a received return', steps.refund],
        ];
        const failed = recorded.flatMap(([, writes]) => writes.filter((write) => write.failed));
        const endpoint = process.env.DYNAMODB_ENDPOINT!;
        const pricers = {
          deployed: await ReplayPricer.create(endpoint, `${tableName}-deployed`, deployed),
          all: await ReplayPricer.create(endpoint, `${tableName}-all`, allProjected),
          gsi1KeysOnly: await ReplayPricer.create(endpoint, `${tableName}-gsi1-keys`, gsi1KeysOnly),
        };
        const operations: PricedOperation[] = [];
        try {
          for (const [name, writes] of recorded) operations.push(await priceOperation(name, writes, pricers));
        } finally {
          pricers.deployed.destroy();
          pricers.all.destroy();
          pricers.gsi1KeysOnly.destroy();
        }
        const measuredRows = operations.map((operation) => operationRow(operation, 'deployed'));
        const referenceRows = operations.map((operation) => operationRow(operation, 'all'));
        const totalMeasured = sumRows(measuredRows, 'all four');
        const totalReference = sumRows(referenceRows, 'all four');
        const saved = Number(totalReference['total WCU']) - Number(totalMeasured['total WCU']);
        const checks = operations.reduce((sum, operation) => sum + operation.checks, 0);
        const writes = stdout.writes();
        return {
          tables: [
            {
              title: `Write capacity per operation, as deployed (each item's write replayed alone, DynamoDB Local's ConsumedCapacity INDEXES, twice in a transaction): ${deployed
                .map((index) => `${index.indexName} ${projectionText(index.projection)}`)
                .join('; ')}`,
              rows: [...measuredRows, totalMeasured],
            },
            {
              title:
                'Reference: the same item writes with every GSI projecting ALL (the projection before), replayed the same way',
              rows: [...referenceRows, totalReference],
            },
            {
              title:
                'Where the index units go: per operation and item (PK / SK literal segments; * = outside a transaction), GSI units as deployed / with ALL',
              rows: operations.flatMap(familyRows),
            },
            {
              title:
                'Not chosen (info): GSI1 holding keys only as well, its readers fetching every item (GSI1 as deployed / keys only)',
              rows: [...operations.map(gsi1Row), sumRows(operations.map(gsi1Row), 'all four')],
            },
          ],
          notes: [
            `DynamoDB Local in memory (it answers ConsumedCapacity per index and honours projections), s3rver for the label; the handlers in this process, stdout swallowed (${writes} lines). A warehouse with an origin address holding 1,000 of each of the 4 SKUs; one order's life run twice and the second measured (the first opens the day's manifest and registers what only a first order does). Every POST carries an Idempotency-Key (its record is a table write). Before the refund the return was opened, approved and received (one unit restocked), unmeasured.`,
            "How it is measured: a middleware on the service's document client adds ReturnConsumedCapacity INDEXES to every write command and reads each written item just before and just after it. DynamoDB Local answers capacity per index and honours projections, but prices a transaction by the sum of its items' bytes rounded up once (three 330-byte puts in one transaction: 2 units; DynamoDB rounds each item up to a KB: 6). So each item's write is replayed alone in a scratch table with the deployed projections and in one with ALL (its before image put unmeasured, then its after image put or the item deleted), and an item of a transaction counts twice, its index writes too. \"Local, as sent\" is what DynamoDB Local answered for the commands themselves (table and indexes, its transaction rounding).",
            "Rules check: every item's replayed index units equal those computed from its images by the documented rules (item size by attribute names and values, one unit per started KB; an index write only when the item enters, leaves or moves in the index, or its projected entry changes; a move is a delete and a put).",
            `With the projections as deployed, the four operations write ${String(totalMeasured['total WCU'])} WCU against ${String(totalReference['total WCU'])} with ALL: ${saved} fewer (${Math.round((saved / Number(totalReference['total WCU'])) * 100)} %).`,
            'GSI1 stays ALL (the info table prices the option not taken): its readers include the automation rules the order writer reads on every order write, the stock records of a warehouse read by the thousand by reports and alerts, and a dozen lists filtered on their fields; keys only would add a BatchGetItem round trip to each and about a read unit per item fetched.',
            "Not counted: the stream consumers' writes (report aggregates and their markers; no index), reads.",
            checks > 0
              ? `${checks} ConditionCheck items in the transactions (charged by DynamoDB, not priced here).`
              : 'No ConditionCheck items in these transactions.',
            failed.length === 0
              ? 'Every recorded write succeeded.'
              : `Refused writes (charged by DynamoDB, not priced here): ${failed.map((write) => `${write.command} ${write.failed}`).join(', ')}.`,
          ],
        };
      } finally {
        recorder.stop();
        stdout.restore();
        await s3Local.stop();
        rmSync(work, { recursive: true, force: true });
      }
    }),
};
