/**
 * Every metric the service publishes, its unit and the dimensions it is published under. Dimensions stay
 * few and bounded: Service (one per function) and, for requests, Operation (the catalogue's operationId).
 */
import type { MetricUnit } from './emf';

export const serviceDimensions = ['Service'] as const;
export const requestDimensions = ['Service', 'Operation'] as const;

/**
 * Per API request. Status4xx and Status5xx are 1 or 0 on every request (as API Gateway's 4XXError and
 * 5XXError), so their Average is the error rate and their Sum the count; 2xx and 3xx are what is left.
 */
export const requestMetrics = {
  Requests: 'Count',
  Status4xx: 'Count',
  Status5xx: 'Count',
  Latency: 'Milliseconds',
} as const satisfies Record<string, MetricUnit>;

/** Counted when the change committed (a refused change counts nothing), by Service. */
export const businessMetrics = [
  'OrdersWritten',
  'PaymentsPosted',
  'RefundsPosted',
  'LabelsBought',
  'LabelsVoided',
  'ExportsWritten',
  'EventsPublished',
  'RecordsDeadLettered',
] as const;

export type RequestMetric = keyof typeof requestMetrics;
export type BusinessMetric = (typeof businessMetrics)[number];
