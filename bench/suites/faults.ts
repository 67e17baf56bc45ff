/**
 * Outages while money and stock move: the local stack (`startRuntime`, data on disk) takes a burst of
 * orders, each paid in two parts and printed, while the DynamoDB Local JVM is killed (SIGKILL) and started
 * again on the same data a few times. Each request behaves as docs/api-conventions.md tells a client to (see
 * fault-client.ts): a 503 is retried, with a new Idempotency-Key where it had one; a 504 is retried with
 * the same key, or, without a key, the order is read to see whether the change applied. Then the count:
 * every change the client was told applied is in the table once, nothing else is, and stock adds up.
 * FAULT_ORDERS (default 120), FAULT_KILLS (default 5), FAULT_OUTAGE_MS (default 1500).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../infra/local/data-dir';
import type { DynamoLocal } from '../../infra/local/dynamodb-local';
import { startDynamoLocal } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/free-port';
import { startRuntime } from '../../infra/local/runtime';
import type { Row, Suite } from '../lib/suite';
import { numberFromEnv } from '../lib/env';
import type { DayResponse } from '../support/day-http';
import { DayClient, runPool } from '../support/day-http';
import type { InvariantResult } from '../support/day-invariants';
import { stockInvariants } from '../support/day-invariants';
import { snapshotTable } from '../support/day-table';
import { nextStep } from '../support/fault-client';

const sku = (n: number) => `FAULT-${n % 10}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Believed {
  /** Amounts of the payments the client was told applied. */
  payments: number[];
  printed: number;
}

interface Tally {
  answers: Map<string, Map<number, number>>;
  unknown: string[];
  retriesWithNewKey: number;
}

function count(tally: Tally, operation: string, status: number): void {
  const statuses = tally.answers.get(operation) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  tally.answers.set(operation, statuses);
}

/**
 * Sends one change until the client knows its outcome. `applied` reads the resource for a client without
 * an Idempotency-Key that got a 504 (did it apply?).
 */
async function untilKnown(
  client: DayClient,
  tally: Tally,
  operation: string,
  send: (key: string | undefined) => Promise<DayResponse>,
  options: { keyed: boolean; applied: () => Promise<boolean> },
): Promise<'applied' | 'refused' | 'unknown'> {
  let key = options.keyed ? randomUUID() : undefined;
  for (let attempt = 0; attempt < 40; attempt++) {
    let answer: DayResponse;
    try {
      answer = await send(key);
    } catch {
      // The gateway itself did not answer: nothing is known; try again shortly with the same key.
      await sleep(500);
      continue;
    }
    count(tally, operation, answer.status);
    const step = nextStep(answer.status, answer.headers.get('retry-after'), answer.body);
    if (step.kind === 'applied') return 'applied';
    if (step.kind === 'refused') return 'refused';
    if (step.kind === 'unknown') {
      tally.unknown.push(`${operation} ${answer.status}: ${answer.text.slice(0, 200)}`);
      return 'unknown';
    }
    await sleep(step.afterMs);
    if (answer.status === 504 && !options.keyed) {
      if (await options.applied()) return 'applied';
      continue;
    }
    if (step.newKey && key !== undefined) {
      key = randomUUID();
      tally.retriesWithNewKey += 1;
    }
  }
  tally.unknown.push(`${operation}: no outcome after 40 attempts`);
  return 'unknown';
}

/** Reads until the API answers (the database may be down right now). */
async function readOrder(client: DayClient, id: string): Promise<DayResponse> {
  for (;;) {
    const answer = await client.send('read order', 'GET', `/v1/orders/${id}`, { role: 'viewer' });
    if (answer.status === 200) return answer;
    await sleep(500);
  }
}

function check(invariant: string, failures: string[], checked: number): InvariantResult {
  return { invariant, checked, violations: failures.length, examples: failures.slice(0, 3) };
}

export const faults: Suite = {
  name: 'faults',
  description:
    'payments and prints during DynamoDB Local kills (SIGKILL, restart on the same data): every answer counted, then what the table holds',
  async run() {
    const orders = numberFromEnv('FAULT_ORDERS', 120, (n) => Number.isInteger(n) && n >= 1 && n <= 5000);
    const kills = numberFromEnv('FAULT_KILLS', 5, (n) => Number.isInteger(n) && n >= 0 && n <= 20);
    const outageMs = numberFromEnv('FAULT_OUTAGE_MS', 1500, (n) => n >= 100 && n <= 20_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-faults-'));
    process.env.LOG_LEVEL ??= 'error';
    const dynamoPort = await freePort();
    const runtime = await startRuntime({ port: await freePort(), dataDir, dynamoPort, quiet: true });
    let restarted: DynamoLocal | undefined;
    try {
      const client = await DayClient.open(runtime.url, runtime.dataDir);
      const setup = async (method: string, path: string, body: unknown, status: number) => {
        const answer = await client.send('setup', method, path, { role: 'manager', body });
        if (answer.status !== status) throw new Error(`setup ${path}: ${answer.status} ${answer.text}`);
        return answer.body;
      };
      const warehouse = await setup(
        'POST',
        '/v1/inventory/warehouses',
        {
          code: 'FAULTS',
          name: 'Fault dock',
          originAddress: {
            name: 'Fault dock',
            line1: '1 Sierra Way',
            city: 'Reno',
            region: 'NV',
            postalCode: '89502',
            country: 'US',
          },
        },
        201,
      );
      await setup(
        'POST',
        '/v1/orders/work-orders',
        {
          warehouseId: warehouse.id,
          reason: 'receipt',
          lines: Array.from({ length: 10 }, (_, n) => ({ sku: sku(n), quantity: orders * 2, unitCost: 500 })),
        },
        201,
      );
      const ids: string[] = [];
      for (let n = 0; n < orders; n++) {
        const id = `FAULT-${randomUUID().slice(0, 8)}`;
        await setup(
          'PUT',
          `/v1/orders/${id}`,
          {
            channel: 'web',
            orderDate: new Date().toISOString(),
            customer: { name: 'Fault Customer', email: 'fault@example.com' },
            shipTo: {
              name: 'Fault Customer',
              line1: '1 Main St',
              city: 'Springfield',
              region: 'IL',
              postalCode: '62701',
              country: 'US',
            },
            lines: [
              {
                itemId: 'L1',
                sku: sku(n),
                title: 'Fault item',
                quantity: 2,
                unitPrice: 2_000,
                weightGrams: 400,
              },
            ],
            currency: 'USD',
            shippingCharge: 500,
            warehouseId: warehouse.id,
          },
          201,
        );
        ids.push(id);
      }

      const tally: Tally = { answers: new Map(), unknown: [], retriesWithNewKey: 0 };
      const believed = new Map<string, Believed>(ids.map((id) => [id, { payments: [], printed: 0 }]));
      const shipDate = new Date().toISOString().slice(0, 10);

      const chain = (id: string, index: number) => async () => {
        const keyed = index % 2 === 0;
        const order = (await readOrder(client, id)).body;
        const total = order.totals.balance as number;
        for (const amount of [Math.floor(total / 2), total - Math.floor(total / 2)]) {
          const paidBefore = believed.get(id)!.payments.reduce((sum, a) => sum + a, 0);
          const outcome = await untilKnown(
            client,
            tally,
            keyed ? 'payment (keyed)' : 'payment (no key)',
            (key) =>
              client.send('payment', 'POST', `/v1/orders/${id}/payments`, {
                role: 'manager',
                body: { amount, method: 'card' },
                headers: key ? { 'idempotency-key': key } : {},
              }),
            {
              keyed,
              applied: async () =>
                ((await readOrder(client, id)).body.totals.paid as number) >= paidBefore + amount,
            },
          );
          if (outcome === 'applied') believed.get(id)!.payments.push(amount);
          else return;
        }
        const printed = await untilKnown(
          client,
          tally,
          'print',
          (key) =>
            client.send('print', 'POST', `/v1/fulfillment/ship-now/${id}/print`, {
              role: 'operator',
              body: {
                processorCode: 'parcel',
                serviceCode: 'ground',
                packages: [{ weightGrams: 950 }],
                shipDate,
              },
              headers: key ? { 'idempotency-key': key } : {},
            }),
          { keyed: true, applied: async () => false },
        );
        if (printed === 'applied') believed.get(id)!.printed += 1;
      };

      const dbPath = dataPaths(runtime.dataDir).dynamodb;
      let pid = runtime.dynamoPid;
      let killed = 0;
      let burstDone = false;
      const faultsRun = (async () => {
        await sleep(200);
        while (killed < kills && !burstDone) {
          if (pid !== undefined) process.kill(pid, 'SIGKILL');
          killed += 1;
          await sleep(outageMs);
          await restarted?.stop();
          restarted = await startDynamoLocal({ port: dynamoPort, dbPath });
          pid = restarted.process.pid;
          await sleep(2_000);
        }
      })();
      const started = Date.now();
      await runPool(
        ids.map((id, index) => chain(id, index)),
        12,
      );
      burstDone = true;
      await faultsRun;
      const burstMs = Date.now() - started;

      const table = await snapshotTable();
      const paymentFailures: string[] = [];
      const printFailures: string[] = [];
      for (const id of ids) {
        const stored = (table.payments.get(id) ?? []).map((p) => p.amount as number).sort((a, b) => a - b);
        const told = [...believed.get(id)!.payments].sort((a, b) => a - b);
        if (JSON.stringify(stored) !== JSON.stringify(told)) {
          paymentFailures.push(`${id}: told applied [${told.join(', ')}], stored [${stored.join(', ')}]`);
        }
        const active = (table.shipments.get(id) ?? []).filter(
          (s) => s.status === 'active' && s.SK !== undefined,
        );
        const shipments = new Set(active.map((s) => String(s.shipmentId ?? s.id ?? s.SK))).size;
        if (shipments !== believed.get(id)!.printed) {
          printFailures.push(
            `${id}: told printed ${believed.get(id)!.printed}, active shipments ${shipments}`,
          );
        }
      }
      const statusRows: Row[] = [...tally.answers]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([operation, statuses]) => ({
          operation,
          requests: [...statuses.values()].reduce((sum, n) => sum + n, 0),
          statuses: [...statuses]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status}×${n}`)
            .join(' '),
        }));
      const invariants = [
        check('every payment told applied is stored once, and no other is', paymentFailures, ids.length),
        check('every print told applied is one active shipment, and no other is', printFailures, ids.length),
        check('every change reached a known outcome (no 500, no endless retry)', tally.unknown, ids.length),
        ...stockInvariants(table),
      ];
      return {
        tables: [
          {
            title: `Faults: ${orders} orders paid in two parts and printed, ${killed} DynamoDB Local kills of ${outageMs} ms`,
            rows: [
              { figure: 'burst', value: Math.round(burstMs / 100) / 10, unit: 's' },
              {
                figure: 'requests',
                value: [...tally.answers.values()].reduce(
                  (sum, statuses) => sum + [...statuses.values()].reduce((s, n) => s + n, 0),
                  0,
                ),
                unit: 'requests',
              },
              {
                figure: 'retries with a new key after a 503',
                value: tally.retriesWithNewKey,
                unit: 'requests',
              },
            ],
          },
          { title: 'Answers by operation', rows: statusRows },
          {
            title: 'Invariants',
            rows: invariants.map((result) => ({
              invariant: result.invariant,
              checked: result.checked,
              violations: result.violations,
              result: result.violations === 0 ? 'PASS' : 'FAIL',
              examples: result.examples.join(' | '),
            })),
          },
        ],
        notes: [
          'A client retries a 503 with a new Idempotency-Key (a 503 means nothing changed), a 504 with the same key (or reads the order first when it sent none), and waits out a 409 with Retry-After.',
          'Half the orders pay without an Idempotency-Key; prints always carry one.',
        ],
      };
    } finally {
      await runtime.stop();
      await restarted?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
