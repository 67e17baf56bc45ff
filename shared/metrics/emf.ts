/**
 * CloudWatch embedded metric format (EMF): the JSON documents CloudWatch Logs turns into metrics when a
 * function writes them as log lines. Pure: what the metrics of one invocation become, split to the
 * format's limits (at most 100 metrics per document, 100 values per metric, 30 dimensions per set).
 */

export type MetricUnit = 'Count' | 'Milliseconds';

export interface MetricEntry {
  name: string;
  unit: MetricUnit;
  /** The names of the dimensions the metric is published under (values are the document's). */
  dimensions: readonly string[];
  values: readonly number[];
}

export interface MetricDirective {
  Namespace: string;
  Dimensions: string[][];
  Metrics: Array<{ Name: string; Unit: MetricUnit }>;
}

export interface EmfDocument {
  _aws: { Timestamp: number; CloudWatchMetrics: MetricDirective[] };
  [member: string]: unknown;
}

export const emfLimits = { metricsPerDocument: 100, valuesPerMetric: 100, dimensionsPerSet: 30 } as const;

export interface EmfInput {
  namespace: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** Every dimension's value, by name. */
  dimensions: Readonly<Record<string, string>>;
  metrics: readonly MetricEntry[];
}

/** Thrown for metrics our own code declared wrongly (never for a value a request carried). */
export class InvalidMetrics extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMetrics';
  }
}

function check(input: EmfInput): void {
  for (const metric of input.metrics) {
    if (metric.dimensions.length > emfLimits.dimensionsPerSet) {
      throw new InvalidMetrics(
        `${metric.name} names ${metric.dimensions.length} dimensions; EMF allows ${emfLimits.dimensionsPerSet}.`,
      );
    }
    for (const name of metric.dimensions) {
      if (!input.dimensions[name])
        throw new InvalidMetrics(`${metric.name} names dimension ${name}, which has no value.`);
    }
    if (metric.name === '_aws' || Object.prototype.hasOwnProperty.call(input.dimensions, metric.name)) {
      throw new InvalidMetrics(
        `${metric.name} is a dimension's name too; a metric needs a member of its own.`,
      );
    }
  }
}

/**
 * The documents that publish the metrics: one when they fit, more when a metric has over 100 values or
 * there are over 100 metrics. Non-finite values are dropped; a metric with no value is not published.
 */
export function emfDocuments(input: EmfInput): EmfDocument[] {
  check(input);
  const pending = input.metrics
    .map((metric) => ({ metric, values: metric.values.filter(Number.isFinite) }))
    .filter((entry) => entry.values.length > 0);
  const documents: EmfDocument[] = [];
  while (pending.length > 0) {
    const batch = pending.splice(0, emfLimits.metricsPerDocument);
    const directives = new Map<string, MetricDirective>();
    const document: EmfDocument = {
      _aws: { Timestamp: input.timestamp, CloudWatchMetrics: [] },
    };
    for (const { metric, values } of batch) {
      const setKey = metric.dimensions.join('\u0000');
      let directive = directives.get(setKey);
      if (!directive) {
        directive = { Namespace: input.namespace, Dimensions: [[...metric.dimensions]], Metrics: [] };
        directives.set(setKey, directive);
        document._aws.CloudWatchMetrics.push(directive);
      }
      directive.Metrics.push({ Name: metric.name, Unit: metric.unit });
      for (const name of metric.dimensions) document[name] = input.dimensions[name];
      const taken = values.slice(0, emfLimits.valuesPerMetric);
      document[metric.name] = taken.length === 1 ? taken[0] : taken;
    }
    documents.push(document);
    // What a metric had over 100 values goes on in the next documents.
    const rest = batch
      .filter(({ values }) => values.length > emfLimits.valuesPerMetric)
      .map(({ metric, values }) => ({ metric, values: values.slice(emfLimits.valuesPerMetric) }));
    pending.unshift(...rest);
  }
  return documents;
}
