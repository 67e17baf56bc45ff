/**
 * One of the busy day's two service processes (bench/support/day-runtime.ts starts both):
 * - `requests`: the local stack as `npm start` runs it (the gateway, the handlers, DynamoDB Local) without
 *   the background work, and with the S3 emulator the bench runs, with the day's DynamoDB commands
 *   counted (day-calls.ts);
 * - `background`: the stream poller with its consumers, the report jobs and the daily alerts
 *   (infra/local/background-work.ts), against the first one's stores.
 * The bench's client runs in the parent, so each process's CPU is the service's. Each talks to the parent
 * over IPC: `ready` once running, its figures on `measure`, and `stopped` after `stop`.
 */
import { applyLocalEnvironment } from '../../infra/local/local-env';
import { startBackgroundWork } from '../../infra/local/background-work';
import { startRuntime } from '../../infra/local/runtime';
import { countDayCalls } from './day-calls';
import type { DayRuntimeMessage, DayRuntimeRequest, DayTableStore } from './day-runtime';

const [kind, dataDir, port, dynamoEndpoint, s3Endpoint, tableIn] = process.argv.slice(2) as [
  'requests' | 'background',
  string,
  string,
  string?,
  string?,
  DayTableStore?,
];
const send = (message: DayRuntimeMessage) => process.send!(message);

async function start() {
  if (kind === 'requests') {
    const runtime = await startRuntime({
      port: Number(port),
      dataDir,
      quiet: true,
      background: false,
      s3Endpoint,
      dynamoInMemory: tableIn === 'memory',
    });
    return {
      stop: () => runtime.stop(),
      ready: {
        url: runtime.url,
        dynamoEndpoint: runtime.dynamoEndpoint,
        dynamoPid: runtime.dynamoPid,
      },
    };
  }
  applyLocalEnvironment({ dataDir, dynamoEndpoint: dynamoEndpoint!, s3Endpoint: s3Endpoint!, quiet: true });
  const work = await startBackgroundWork({ dataDir, dynamoEndpoint: dynamoEndpoint!, quiet: true });
  return { stop: () => work.stop(), ready: {} };
}

const service = await start();
const calls = countDayCalls();
const cpu = () => {
  const used = process.cpuUsage();
  return { cpuSeconds: (used.user + used.system) / 1e6, systemSeconds: used.system / 1e6 };
};

let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= (calls.stop(), service.stop());
  return stopping;
};

process.on('message', (request: DayRuntimeRequest) => {
  if (request.type === 'measure') {
    send({ type: 'measure', ...cpu(), calls: calls.counts(), byRoute: calls.byRoute() });
    return;
  }
  stop().then(
    () => {
      send({ type: 'stopped' });
      process.disconnect();
    },
    (error: unknown) => {
      console.error(`[day ${kind}] stop failed: ${(error as Error).stack ?? String(error)}`);
      process.exit(1);
    },
  );
});
// The parent gone (it stopped us, or was killed), nothing is left to run.
process.on('disconnect', () => void stop().finally(() => process.exit(0)));

send({ type: 'ready', ...service.ready });
