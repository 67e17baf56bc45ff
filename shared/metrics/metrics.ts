/**
 * Metrics of one invocation, written as one EMF log line (shared/metrics/emf.ts) when it ends, also when
 * it fails. Counts are taken where they are known (deep in a write), so the invocation's metrics ride in
 * its async scope (shared/scoped-values.ts): concurrent invocations in one process (the local runtime,
 * tests) never mix, and a count outside any invocation is dropped.
 *
 * Written only where they are read: to stdout (CloudWatch Logs) when METRICS_NAMESPACE is set, which the
 * stack does for every function, or to a sink a test injects. Metrics never break or slow a request: a
 * failure to write them is swallowed and logged once.
 */
import { logger } from '../logging/logger';
import { scopedValue } from '../scoped-values';
import type { EmfDocument, MetricUnit } from './emf';
import { emfDocuments } from './emf';
import type { BusinessMetric } from './names';
import { requestDimensions, requestMetrics, serviceDimensions } from './names';

export type MetricsSink = (document: EmfDocument) => void;

interface Collected {
  unit: MetricUnit;
  dimensions: readonly string[];
  values: number[];
}

interface Invocation {
  dimensions: Record<string, string>;
  metrics: Map<string, Collected>;
}

const invocations = scopedValue<Invocation>('metrics invocation');
let injectedSink: MetricsSink | undefined;
let failureLogged = false;

/** Where tests (and local tools) read the metrics; undefined restores the default. */
export function setMetricsSink(sink: MetricsSink | undefined): void {
  injectedSink = sink;
}

/** The Service dimension: the function's SERVICE_NAME, as in its log lines. */
export function serviceName(): string {
  return process.env.SERVICE_NAME || 'commerce-backoffice';
}

const writeLine: MetricsSink = (document) => {
  process.stdout.write(`${JSON.stringify(document)}\n`);
};

function destination(): { sink: MetricsSink; namespace: string } | undefined {
  const namespace = process.env.METRICS_NAMESPACE;
  if (injectedSink) return { sink: injectedSink, namespace: namespace || 'CommerceBackOffice/local' };
  return namespace ? { sink: writeLine, namespace } : undefined;
}

function collect(name: string, unit: MetricUnit, dimensions: readonly string[], value: number, sum: boolean) {
  const invocation = invocations.get();
  if (!invocation) return;
  const collected = invocation.metrics.get(name);
  if (!collected) invocation.metrics.set(name, { unit, dimensions, values: [value] });
  else if (sum) collected.values[0]! += value;
  else collected.values.push(value);
}

/** A business count, by Service; call it once the change committed. */
export function countMetric(name: BusinessMetric, count = 1): void {
  collect(name, 'Count', serviceDimensions, count, true);
}

/** One API request: its status class and latency, by Service and Operation. */
export function recordRequest(status: number, latencyMs: number): void {
  const statusClass = Math.floor(status / 100);
  collect('Requests', requestMetrics.Requests, requestDimensions, 1, true);
  collect('Status4xx', requestMetrics.Status4xx, requestDimensions, statusClass === 4 ? 1 : 0, true);
  collect('Status5xx', requestMetrics.Status5xx, requestDimensions, statusClass === 5 ? 1 : 0, true);
  collect('Latency', requestMetrics.Latency, requestDimensions, Math.round(latencyMs * 10) / 10, false);
}

function flush(invocation: Invocation): void {
  if (invocation.metrics.size === 0) return;
  try {
    const target = destination();
    if (!target) return;
    const documents = emfDocuments({
      namespace: target.namespace,
      timestamp: Date.now(),
      dimensions: invocation.dimensions,
      metrics: [...invocation.metrics].map(([name, collected]) => ({ name, ...collected })),
    });
    for (const document of documents) target.sink(document);
  } catch (error) {
    if (failureLogged) return;
    failureLogged = true;
    logger.warn('metrics could not be written; later failures are not logged', { error });
  }
}

/** Runs one invocation with its own metrics, written when it ends however it ends. */
export async function withMetrics<T>(dimensions: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const invocation: Invocation = { dimensions, metrics: new Map() };
  try {
    return await invocations.run(invocation, work);
  } finally {
    flush(invocation);
  }
}

/** A stream consumer's or job's handler, its counts written once per invocation by Service. */
export function withInvocationMetrics<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return (...args) => withMetrics({ Service: serviceName() }, () => handler(...args));
}
