/**
 * DynamoDB's error answers as the SDK's exceptions: the modeled class by the answer's `__type`
 * (ConditionalCheckFailedException with its Item, TransactionCanceledException with its
 * CancellationReasons, ...), else the client's base exception under the answer's name, with the same
 * `$fault` and `$metadata` (the HTTP status the write layer reads to know a write was refused, not lost).
 */
import * as dynamodb from '@aws-sdk/client-dynamodb';
import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';

export interface ResponseMetadata {
  httpStatusCode: number;
  requestId?: string;
  extendedRequestId?: string;
  cfId?: string;
}

type ExceptionClass = new (options: Record<string, unknown>) => DynamoDBServiceException;

function modeledClass(name: string): ExceptionClass | undefined {
  if (!Object.prototype.hasOwnProperty.call(dynamodb, name)) return undefined;
  const candidate = (dynamodb as Record<string, unknown>)[name];
  return typeof candidate === 'function' && candidate.prototype instanceof DynamoDBServiceException
    ? (candidate as ExceptionClass)
    : undefined;
}

/** `com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException` → its last part. */
export function errorName(
  body: Record<string, unknown>,
  headers: Record<string, string | undefined>,
): string {
  const type =
    (typeof body.__type === 'string' && body.__type) || headers['x-amzn-errortype'] || 'UnknownError';
  return type.split('#').pop()!.split(':')[0]!;
}

export function serviceException(
  body: Record<string, unknown>,
  metadata: ResponseMetadata,
  headers: Record<string, string | undefined>,
): DynamoDBServiceException {
  const name = errorName(body, headers);
  const message = String(body.message ?? body.Message ?? 'UnknownError');
  const Modeled = modeledClass(name);
  const exception = Modeled
    ? new Modeled({ message, $metadata: metadata })
    : new DynamoDBServiceException({
        name,
        $fault: metadata.httpStatusCode >= 500 ? 'server' : 'client',
        message,
        $metadata: metadata,
      });
  // As the SDK decorates its exceptions: every member of the answer it does not already hold, and the
  // message under one name.
  const members = exception as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && (members[key] == undefined || members[key] === '')) members[key] = value;
  }
  exception.message = exception.message || String(members.Message ?? 'UnknownError');
  delete members.Message;
  return exception;
}
