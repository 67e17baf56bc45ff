/**
 * A merchant's busy day, replayed against the local stack (`startRuntime` in a child process: the
 * gateway on loopback, DynamoDB Local; the stream poller and report jobs in another; s3rver beside the
 * client) in a fresh data folder, over HTTP with development tokens: 10,000 orders from six channels
 * (some re-sent), automation rules, payments, 8,000 label prints (some partial), 300 voids, 200 returns
 * with refunds and restocks, manifests closed, an alert rule firing, the dashboard and reports read
 * throughout, two exports (`DAY_SCALE` scales the counts; `DAY_CONCURRENCY` the chains in flight, 8 by
 * default). Then
 * the invariants, read from the table, its stream and the events file: the invariant table. Targets: ≤ 4
 * DynamoDB calls and ≤ 15 ms of the request-serving process's CPU per request, the day's wall time
 * within 1.2 × the floor its CPU allows on this machine's cores, zero 5xx, zero violations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/free-port';
import { dataPaths, localTableName } from '../../infra/local/data-dir';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import { reportingDay } from '../../shared/domain/reporting-days';
import { percentile, round } from '../lib/stats';
import type { Row, Suite, Table } from '../lib/suite';
import { numberFromEnv } from '../lib/env';
import { verdict } from '../lib/verdict';
import { dayBetween, readDay } from '../support/day-cpu';
import type { DayTableStore } from '../support/day-runtime';
import { startDayRuntime } from '../support/day-runtime';
import { driveDay } from '../support/day-drive';
import { DayClient } from '../support/day-http';
import type { InvariantResult } from '../support/day-invariants';
import {
  eventInvariants,
  orderInvariants,
  reportInvariants,
  requestInvariants,
  stockInvariants,
} from '../support/day-invariants';
import { planDay } from '../support/day-plan';
import { setUpMerchant } from '../support/day-setup';
import { lineCount, readEventsFile, readStreamAfterPoller } from '../support/day-stream';
import { snapshotTable } from '../support/day-table';

/** Targets (issue 33): calls and CPU per request, and wall time against the floor the CPU allows. */
const targetCallsPerRequest = 4;
const targetCpuMsPerRequest = 15;
const targetWallOverFloor = 1.2;

/** DAY_DYNAMO: where DynamoDB Local keeps the day's table (DayTableStore), memory unless told. */
function tableStoreFromEnv(): DayTableStore {
  const text = process.env.DAY_DYNAMO;
  if (text === undefined || text === '' || text === 'memory') return 'memory';
  if (text === 'disk') return 'disk';
  throw new Error(`DAY_DYNAMO must be memory or disk, not "${text}"`);
}

/** The start of today's window for order dates: up to 8 hours back, never into yesterday (reporting zone). */
function dayWindow(now: Date, timeZone: string): { today: string; start: Date; end: Date } {
  const today = reportingDay(now, timeZone);
  const end = new Date(now.getTime() - 60_000);
  let start = end;
  for (let back = 1; back <= 8 * 60; back++) {
    const candidate = new Date(end.getTime() - back * 60_000);
    if (reportingDay(candidate, timeZone) !== today) break;
    start = candidate;
  }
  if (reportingDay(end, timeZone) !== today)
    throw new Error('too close to midnight in the reporting zone; run again in a minute');
  return { today, start, end };
}

const seconds = (ms: number) => round(ms / 1000, 1);

function statusesOf(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

function invariantRows(results: readonly InvariantResult[]): Row[] {
  return results.map((result) => ({
    invariant: result.invariant,
    checked: result.checked,
    violations: result.violations,
    result: result.violations === 0 ? 'PASS' : 'FAIL',
    examples: result.examples.join(' | '),
  }));
}

export const day: Suite = {
  name: 'day',
  description:
    "a merchant's busy day over HTTP against the local stack (10,000 orders × DAY_SCALE), then every invariant checked",
  async run() {
    const scale = numberFromEnv('DAY_SCALE', 1, (n) => n > 0 && n <= 2);
    const concurrency = numberFromEnv('DAY_CONCURRENCY', 8, (n) => Number.isInteger(n) && n >= 1 && n <= 64);
    const tableIn = tableStoreFromEnv();
    const timeZone = reportingTimeZone();
    const window = dayWindow(new Date(), timeZone);
    // Labels ship today (the reporting zone's day, as the manifests count it): a manifest for a later day does
    // not close (shared/domain/manifest.ts closeRefusal), and the day closes every manifest it opened.
    const shipDate = window.today;
    const plan = planDay(scale, window.start, window.end);

    const dataDir = mkdtempSync(join(tmpdir(), 'bench-day-'));
    // Functions log errors only (a 5xx's cause shows), the runtime's own lines not at all.
    process.env.LOG_LEVEL ??= 'error';
    const runtime = await startDayRuntime(await freePort(), dataDir, tableIn);
    try {
      const client = await DayClient.open(runtime.url, runtime.dataDir);
      const dayStarted = Date.now();
      const before = await readDay(runtime);
      const merchant = await setUpMerchant(client, plan);
      const setupMs = Date.now() - dayStarted;
      const driveStarted = Date.now();
      const every = Math.max(1, Math.round(plan.orders.length / 20));
      const progress = (done: number, total: number) => {
        if (done % every !== 0 && done !== total) return;
        const requests = [...client.operations.values()].reduce((sum, op) => sum + op.samplesMs.length, 0);
        const elapsed = (Date.now() - dayStarted) / 1000;
        console.error(
          `[day] ${done}/${total} orders, ${requests} requests, ${elapsed.toFixed(0)} s, ${(requests / elapsed).toFixed(1)} requests/s, ${client.serverErrors.length} 5xx`,
        );
      };
      const ledger = await driveDay(client, plan, merchant, {
        concurrency,
        today: window.today,
        shipDate,
        progress,
      });
      const driveMs = Date.now() - driveStarted;
      const dayMs = Date.now() - dayStarted;
      const cpu = dayBetween(before, await readDay(runtime));
      const { calls, byRoute: callsByRoute } = cpu;
      const cores = availableParallelism();

      const paths = dataPaths(runtime.dataDir);
      const stream = await readStreamAfterPoller(
        runtime.dynamoEndpoint,
        localTableName,
        paths.streamCheckpoint,
        600_000,
      );
      const published = readEventsFile(paths.events);
      const checksStarted = Date.now();
      const table = await snapshotTable();
      const read = async (path: string) => {
        const answer = await client.send('check: report read', 'GET', path, { role: 'viewer' });
        if (answer.status !== 200)
          throw new Error(`${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        return answer.body;
      };
      const range = `from=${window.today}&to=${window.today}`;
      const summary = await read(`/v1/reports/sales/summary?${range}`);
      const payments = await read(`/v1/reports/payments/collected?${range}`);
      const dashboard = await read('/v1/reports/dashboard');
      const todayPeriod = (dashboard.periods as Array<{ period: string; orders: { value: number } }>).find(
        (period) => period.period === 'today',
      )!;

      const requests = [...client.operations.values()].reduce((sum, op) => sum + op.samplesMs.length, 0);
      const invariants = [
        ...requestInvariants(client.serverErrors, ledger, requests),
        ...stockInvariants(table),
        ...orderInvariants(table),
        ...eventInvariants(stream, published, ledger, {
          'events-dead-letter.jsonl': lineCount(paths.deadLetters),
          'aggregates-dead-letter.jsonl': lineCount(paths.aggregateDeadLetters),
          'alerts-dead-letter.jsonl': lineCount(paths.alertDeadLetters),
          'report-jobs-dead-letter.jsonl': lineCount(paths.reportJobDeadLetters),
        }),
        ...reportInvariants(table, window.today, timeZone, summary, payments, todayPeriod.orders.value),
      ];
      const checksMs = Date.now() - checksStarted;

      const dayRequests = [...client.operations]
        .filter(([name]) => !name.startsWith('check:'))
        .reduce((sum, [, op]) => sum + op.samplesMs.length, 0);
      const operationRows: Row[] = [...client.operations]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, op]) => ({
          operation: name,
          requests: op.samplesMs.length,
          statuses: statusesOf(op.statuses),
          p50Ms: round(percentile(op.samplesMs, 50), 1),
          p95Ms: round(percentile(op.samplesMs, 95), 1),
          p99Ms: round(percentile(op.samplesMs, 99), 1),
          maxMs: round(Math.max(...op.samplesMs), 1),
          perSecond: round(op.samplesMs.length / (driveMs / 1000), 1),
        }));
      const eventCounts = new Map<string, number>();
      for (const event of published) eventCounts.set(event.type, (eventCounts.get(event.type) ?? 0) + 1);
      const violations = invariants.reduce((sum, result) => sum + result.violations, 0);
      const callsPerRequest = calls.requests / dayRequests;
      const cpuMsPerRequest = (1000 * cpu.serviceSeconds) / dayRequests;
      const floorSeconds =
        (cpu.serviceSeconds + cpu.backgroundSeconds + cpu.clientSeconds + (cpu.jvmSeconds ?? 0)) / cores;
      const wallOverFloor = dayMs / 1000 / floorSeconds;

      const tables: Table[] = [
        {
          title: `The day (scale ${scale}: ${plan.counts.orders} orders, ${plan.counts.prints} prints planned; ${concurrency} chains in flight; the table in DynamoDB Local's ${tableIn === 'memory' ? 'memory' : 'files'})`,
          rows: [
            {
              figure: 'setup over HTTP (warehouses, stock, vendor, rules, alerts)',
              value: seconds(setupMs),
              unit: 's',
            },
            { figure: 'the day over HTTP (orders to exports)', value: seconds(driveMs), unit: 's' },
            { figure: 'setup and day together (wall)', value: seconds(dayMs), unit: 's' },
            { figure: 'requests (setup and day)', value: dayRequests, unit: 'requests' },
            {
              figure: 'throughput over the day',
              value: round(dayRequests / (dayMs / 1000), 1),
              unit: 'requests/s',
            },
            { figure: 'report reads during the day', value: ledger.reads, unit: 'requests' },
            {
              figure: 'CPU of the process serving requests over the day (gateway, handlers)',
              value: round(cpu.serviceSeconds, 1),
              unit: 's',
            },
            {
              figure:
                "of which the kernel's (system time: loopback sockets to DynamoDB Local, the S3 emulator and the client)",
              value: round(cpu.serviceSystemSeconds, 1),
              unit: 's',
            },
            {
              figure:
                'CPU of the background process over the day (stream poller and consumers, report jobs, daily alerts)',
              value: round(cpu.backgroundSeconds, 1),
              unit: 's',
            },
            {
              figure:
                "CPU of the bench's process over the day (the client, its bookkeeping, the S3 emulator)",
              value: round(cpu.clientSeconds, 1),
              unit: 's',
            },
            {
              figure: 'CPU of the DynamoDB Local JVM over the day',
              value: cpu.jvmSeconds === undefined ? null : round(cpu.jvmSeconds, 1),
              unit: 's',
            },
            {
              figure: `CPU of the process serving requests, per request, target ≤ ${targetCpuMsPerRequest} ms`,
              value: round(cpuMsPerRequest, 1),
              unit: 'ms',
              verdict: verdict(cpuMsPerRequest, targetCpuMsPerRequest),
            },
            {
              figure: 'CPU of the background process, per request',
              value: round((1000 * cpu.backgroundSeconds) / dayRequests, 1),
              unit: 'ms',
            },
            {
              figure: 'CPU per request (both service processes and the JVM together)',
              value: round(
                (1000 * (cpu.serviceSeconds + cpu.backgroundSeconds + (cpu.jvmSeconds ?? 0))) / dayRequests,
                1,
              ),
              unit: 'ms',
            },
            {
              figure: 'DynamoDB calls sent while serving requests',
              value: calls.requests,
              unit: 'calls',
            },
            {
              figure: `DynamoDB calls per request, target ≤ ${targetCallsPerRequest}`,
              value: round(callsPerRequest, 2),
              unit: 'calls',
              verdict: verdict(callsPerRequest, targetCallsPerRequest),
            },
            {
              figure: 'DynamoDB calls of the stream consumers and jobs (not per request)',
              value: calls.background,
              unit: 'calls',
            },
            {
              figure: `least wall time that CPU allows on ${cores} cores (all four processes over the cores)`,
              value: round(floorSeconds, 1),
              unit: 's',
            },
            {
              figure: `wall time over that floor, target ≤ ${targetWallOverFloor} ×`,
              value: round(wallOverFloor, 2),
              unit: '×',
              verdict:
                cpu.jvmSeconds === undefined
                  ? 'no verdict: no JVM CPU reading'
                  : verdict(wallOverFloor, targetWallOverFloor),
            },
            {
              figure: `least wall time DynamoDB Local's CPU alone allows on ${cores} cores`,
              value: cpu.jvmSeconds === undefined ? null : round(cpu.jvmSeconds / cores, 1),
              unit: 's',
            },
            {
              figure:
                "CPU of DynamoDB Local's one SQLite thread (every command's storage work, one at a time, under its table lock)",
              value: cpu.jvmStorageSeconds === undefined ? null : round(cpu.jvmStorageSeconds, 1),
              unit: 's',
            },
            {
              figure: "that thread's busy share of the day's wall time",
              value:
                cpu.jvmStorageSeconds === undefined
                  ? null
                  : round((100 * cpu.jvmStorageSeconds) / (dayMs / 1000), 0),
              unit: '%',
            },
            { figure: '5xx answers', value: client.serverErrors.length, unit: 'answers' },
            {
              figure: 'stream poller drained after the last request',
              value: seconds(stream.drainMs),
              unit: 's',
            },
            { figure: 'stream records read back', value: stream.records, unit: 'records' },
            { figure: 'events published (events.jsonl)', value: published.length, unit: 'events' },
            { figure: `table items scanned (${seconds(table.scanMs)} s)`, value: table.items, unit: 'items' },
            { figure: 'invariant checks (scan, reports, comparisons)', value: seconds(checksMs), unit: 's' },
            { figure: 'invariant violations', value: violations, unit: 'violations' },
          ],
        },
        { title: 'Latency per operation (ms) and rate over the day', rows: operationRows },
        {
          title: 'DynamoDB calls while serving requests, by route (ids as {id}; most calls first)',
          rows: callsByRoute.map(({ route, requests: served, calls: sent }) => ({
            route,
            requests: served,
            calls: sent,
            'calls per request': round(sent / served, 1),
            'share of calls': `${round((100 * sent) / Math.max(1, calls.requests), 1)} %`,
          })),
        },
        {
          title: 'Events published, by type',
          rows: [...eventCounts]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([type, count]) => ({ type, count })),
        },
        { title: 'Invariants', rows: invariantRows(invariants) },
      ];
      if (client.serverErrors.length > 0) {
        tables.push({
          title: '5xx answers',
          rows: client.serverErrors.map((error) => ({
            operation: error.operation,
            request: `${error.method} ${error.path}`,
            status: error.status,
            correlationId: error.correlationId,
            body: error.body.slice(0, 300),
          })),
        });
      }
      return {
        tables,
        notes: [
          `Local stack (startRuntime, quiet) in two child processes (bench/support/day-runtime.ts: requests, and the background work), on loopback, fresh data folder; the client and the S3 emulator in the bench's process; reporting zone ${timeZone}, orders dated ${window.start.toISOString()} to ${window.end.toISOString()} (${window.today}), labels shipped ${shipDate}.`,
          `Each order is one chain of requests (create, re-send, pay, print, void or return, and the refusals planned for it); ${concurrency} chains run at once beside one reader of the dashboard and reports (one every ~100 ms); manifests close and exports run after the chains.`,
          'Refusals are planned on purpose (overpayment, a print with nothing left, a second void, a void on a closed manifest, a return of more than shipped, a second refund) and must leave no event.',
          "Event check: every stream record (all shards from TRIM_HORIZON, read again until the poller has passed them and nothing new appears) that the projector publishes must be in events.jsonl exactly once, and every line there must be such a record; the day's order, shipment, return, manifest and export events must equal the successful requests that change something, one each.",
          "The machine is shared: wall times move with the other work on it; the latency table is what each request took as the client saw it, gateway and handler included. The wall-time target compares the day (setup and requests) with the least time its CPU (both service processes', the client's and the DynamoDB Local JVM's) allows on the cores: other work on the machine shows as a ratio above 1.",
          "Calls and CPU per request: DynamoDB commands counted at the service's document client while a request is served (an AsyncLocalStorage entered when the gateway's HTTP server starts a request), over the requests of setup and day; the stream consumers' and report jobs' commands are counted apart. The CPU per request (process.cpuUsage in the process serving requests) is the gateway's (API Gateway's work, deployed) and the handlers': an upper bound of what the functions serving the requests take. The background work (the stream poller, which deployed is Lambda's own, and the consumers it drives; the report jobs) runs in a process of its own, as deployed in functions of its own, and its CPU is shown per request beside. The bench's process (the client and the S3 emulator) and the DynamoDB Local JVM are apart.",
        ],
      };
    } finally {
      await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
