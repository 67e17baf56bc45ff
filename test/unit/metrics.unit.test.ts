/**
 * Metrics as CloudWatch embedded metric format: the document's shape, the format's limits (100 metrics
 * and 100 values a document, 30 dimensions a set), and the invocation scope that collects and writes them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmfDocument, MetricEntry } from '../../shared/metrics/emf';
import { InvalidMetrics, emfDocuments, emfLimits } from '../../shared/metrics/emf';
import {
  countMetric,
  recordRequest,
  setMetricsSink,
  withInvocationMetrics,
  withMetrics,
} from '../../shared/metrics/metrics';

const timestamp = Date.parse('2026-11-24T10:00:00.000Z');
const dimensions = { Service: 'orders', Operation: 'putOrder' };
const count = (name: string, values: number[], set: string[] = ['Service']): MetricEntry => ({
  name,
  unit: 'Count',
  dimensions: set,
  values,
});

describe('emfDocuments', () => {
  it('writes one document: the directives under _aws, dimension values and metric values as members', () => {
    const [document, ...others] = emfDocuments({
      namespace: 'CommerceBackOffice',
      timestamp,
      dimensions,
      metrics: [
        count('Requests', [1], ['Service', 'Operation']),
        { name: 'Latency', unit: 'Milliseconds', dimensions: ['Service', 'Operation'], values: [12.5, 3] },
        count('OrdersWritten', [2]),
      ],
    });
    expect(others).toEqual([]);
    expect(document).toEqual({
      _aws: {
        Timestamp: timestamp,
        CloudWatchMetrics: [
          {
            Namespace: 'CommerceBackOffice',
            Dimensions: [['Service', 'Operation']],
            Metrics: [
              { Name: 'Requests', Unit: 'Count' },
              { Name: 'Latency', Unit: 'Milliseconds' },
            ],
          },
          {
            Namespace: 'CommerceBackOffice',
            Dimensions: [['Service']],
            Metrics: [{ Name: 'OrdersWritten', Unit: 'Count' }],
          },
        ],
      },
      Service: 'orders',
      Operation: 'putOrder',
      Requests: 1,
      Latency: [12.5, 3],
      OrdersWritten: 2,
    });
    // What CloudWatch Logs reads: one JSON object on one line.
    expect(JSON.stringify(document)).not.toContain('\n');
  });

  it('splits over 100 metrics into documents of at most 100, each with its own directives', () => {
    const metrics = Array.from({ length: 250 }, (_, index) => count(`Metric${index}`, [index]));
    const documents = emfDocuments({ namespace: 'N', timestamp, dimensions, metrics });
    const names = (document: EmfDocument) =>
      document._aws.CloudWatchMetrics.flatMap((directive) => directive.Metrics.map((metric) => metric.Name));
    expect(documents.map((document) => names(document).length)).toEqual([100, 100, 50]);
    expect(documents.flatMap(names)).toEqual(metrics.map((metric) => metric.name));
    for (const document of documents) {
      for (const name of names(document)) expect(document[name]).toBe(Number(name.slice('Metric'.length)));
      expect(document.Service).toBe('orders');
    }
  });

  it('splits a metric of over 100 values across documents, no value lost', () => {
    const values = Array.from({ length: 230 }, (_, index) => index);
    const documents = emfDocuments({
      namespace: 'N',
      timestamp,
      dimensions,
      metrics: [
        { name: 'Latency', unit: 'Milliseconds', dimensions: ['Service'], values },
        count('OrdersWritten', [1]),
      ],
    });
    const latencies = documents.map((document) => document.Latency as number[]);
    expect(latencies.map((batch) => batch.length)).toEqual([100, 100, 30]);
    expect(latencies.flat()).toEqual(values);
    // The count is written once, in the first document only.
    expect(documents.map((document) => document.OrdersWritten)).toEqual([1, undefined, undefined]);
    expect(emfLimits.valuesPerMetric).toBe(100);
  });

  it('allows 30 dimensions in a set and refuses 31', () => {
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, index) => [`D${index}`, `v${index}`]));
    const names = Object.keys(many);
    const [document] = emfDocuments({
      namespace: 'N',
      timestamp,
      dimensions: many,
      metrics: [count('Thirty', [1], names.slice(0, 30))],
    });
    expect(document!._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([names.slice(0, 30)]);
    expect(() =>
      emfDocuments({
        namespace: 'N',
        timestamp,
        dimensions: many,
        metrics: [count('ThirtyOne', [1], names)],
      }),
    ).toThrow(new InvalidMetrics('ThirtyOne names 31 dimensions; EMF allows 30.'));
  });

  it('refuses a dimension with no value and a metric named like a dimension', () => {
    expect(() =>
      emfDocuments({ namespace: 'N', timestamp, dimensions, metrics: [count('X', [1], ['Region'])] }),
    ).toThrow(InvalidMetrics);
    expect(() =>
      emfDocuments({ namespace: 'N', timestamp, dimensions, metrics: [count('Service', [1])] }),
    ).toThrow(InvalidMetrics);
  });

  it('drops values that are not finite numbers and writes nothing for a metric left with none', () => {
    const documents = emfDocuments({
      namespace: 'N',
      timestamp,
      dimensions,
      metrics: [count('Broken', [Number.NaN, Infinity]), count('Kept', [Number.NaN, 4])],
    });
    expect(documents).toHaveLength(1);
    expect(documents[0]!.Broken).toBeUndefined();
    expect(documents[0]!.Kept).toBe(4);
    expect(emfDocuments({ namespace: 'N', timestamp, dimensions, metrics: [] })).toEqual([]);
  });
});

describe('withMetrics', () => {
  const written: EmfDocument[] = [];
  afterEach(() => {
    setMetricsSink(undefined);
    written.length = 0;
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('writes one document per invocation: counts summed, latency per request, status classes as 0 or 1', async () => {
    setMetricsSink((document) => written.push(document));
    await withMetrics(dimensions, async () => {
      countMetric('OrdersWritten');
      countMetric('OrdersWritten', 2);
      recordRequest(503, 41.26);
    });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      Service: 'orders',
      Operation: 'putOrder',
      OrdersWritten: 3,
      Requests: 1,
      Status4xx: 0,
      Status5xx: 1,
      Latency: 41.3,
    });
    expect(written[0]!._aws.CloudWatchMetrics.map((directive) => directive.Dimensions)).toEqual([
      [['Service']],
      [['Service', 'Operation']],
    ]);
  });

  it('keeps concurrent invocations apart and drops counts made outside any', async () => {
    setMetricsSink((document) => written.push(document));
    countMetric('LabelsBought');
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([
      withMetrics({ Service: 'a' }, async () => {
        await pause();
        countMetric('LabelsBought');
      }),
      withMetrics({ Service: 'b' }, async () => {
        countMetric('LabelsVoided');
        await pause();
        countMetric('LabelsVoided');
      }),
    ]);
    const byService = Object.fromEntries(written.map((document) => [document.Service, document]));
    expect(byService.a).toMatchObject({ LabelsBought: 1 });
    expect(byService.a).not.toHaveProperty('LabelsVoided');
    expect(byService.b).toMatchObject({ LabelsVoided: 2 });
    expect(byService.b).not.toHaveProperty('LabelsBought');
  });

  it('writes the metrics of an invocation that fails, and the failure goes on to the caller', async () => {
    setMetricsSink((document) => written.push(document));
    const failing = withInvocationMetrics(async () => {
      countMetric('RecordsDeadLettered');
      throw new Error('stream is down');
    });
    await expect(failing()).rejects.toThrow('stream is down');
    expect(written).toEqual([expect.objectContaining({ RecordsDeadLettered: 1 })]);
  });

  it('writes nothing for an invocation that counted nothing', async () => {
    setMetricsSink((document) => written.push(document));
    await withMetrics(dimensions, async () => undefined);
    expect(written).toEqual([]);
  });

  it('writes one JSON line to stdout in METRICS_NAMESPACE, and nothing without it', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    vi.stubEnv('METRICS_NAMESPACE', '');
    await withMetrics(dimensions, async () => countMetric('ExportsWritten'));
    expect(lines).toEqual([]);

    vi.stubEnv('METRICS_NAMESPACE', 'CommerceBackOffice/test');
    await withMetrics(dimensions, async () => countMetric('ExportsWritten'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('}\n')).toBe(true);
    const document = JSON.parse(lines[0]!) as EmfDocument;
    expect(document._aws.CloudWatchMetrics[0]!.Namespace).toBe('CommerceBackOffice/test');
    expect(document.ExportsWritten).toBe(1);
  });

  it('swallows a sink that throws: the work still answers, and the failure is logged once', async () => {
    const logged: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    vi.stubEnv('LOG_LEVEL', 'warn');
    setMetricsSink(() => {
      throw new Error('disk full');
    });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await withMetrics(dimensions, async () => {
          countMetric('PaymentsPosted');
          return i;
        }),
      );
    }
    expect(answers).toEqual([0, 1, 2]);
    const warnings = logged.filter((line) => line.includes('metrics could not be written'));
    expect(warnings).toHaveLength(1);
  });
});
