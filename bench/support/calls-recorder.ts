/**
 * The calls benchmark's recorder: every command the service's DynamoDB document client and S3 client send,
 * with when it started and ended, and what DynamoDB Local answered it consumed (a middleware asks every
 * DynamoDB command for `ReturnConsumedCapacity: 'INDEXES'`, table and indexes summed). Commands in flight
 * at the same time are one round trip (`roundsOf`).
 */
import type { TimedCommand } from './print-timeline';
import { elapsedMs, now } from '../lib/timing';

type Item = Record<string, unknown>;

export interface RecordedCall extends TimedCommand {
  /** Capacity units DynamoDB Local reported for the command (table and every index), 0 for S3. */
  consumed: number;
}

interface Consumed {
  CapacityUnits?: number;
}

/** What the recorder needs of a client: both SDK clients have this stack, typed differently. */
interface StackOwner {
  middlewareStack: {
    add(
      middleware: (
        next: (args: { input: object }) => Promise<{ output?: unknown }>,
        context: { commandName?: string },
      ) => (args: { input: object }) => Promise<{ output?: unknown }>,
      options: { step: 'initialize'; name: string },
    ): void;
    remove(name: string): boolean;
  };
}

const name = 'benchCallsRecorder';

const sumConsumed = (consumed: Consumed | Consumed[] | undefined) =>
  [consumed ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);

export function recordCalls(clients: { dynamodb: unknown; s3: unknown }): {
  calls: RecordedCall[];
  stop(): void;
} {
  const calls: RecordedCall[] = [];
  const origin = now();
  const owners = Object.entries(clients) as Array<[RecordedCall['client'], unknown]>;
  for (const [client, owner] of owners) {
    (owner as StackOwner).middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as Item;
        if (client === 'dynamodb') input.ReturnConsumedCapacity = 'INDEXES';
        const call: RecordedCall = {
          client,
          name: String(context.commandName).replace(/Command$/, ''),
          input: {},
          startMs: elapsedMs(origin),
          endMs: Number.NaN,
          consumed: 0,
        };
        calls.push(call);
        try {
          const result = await next(args);
          call.consumed = sumConsumed(
            (result.output as { ConsumedCapacity?: Consumed | Consumed[] } | undefined)?.ConsumedCapacity,
          );
          return result;
        } finally {
          call.endMs = elapsedMs(origin);
        }
      },
      { step: 'initialize', name },
    );
  }
  return {
    calls,
    stop: () => {
      for (const [, owner] of owners) (owner as StackOwner).middlewareStack.remove(name);
    },
  };
}

const readCommands = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);
export const isRead = (call: RecordedCall) => readCommands.has(call.name);

/** S3 requests billed at the PUT, COPY, POST, LIST rate. */
const s3PutCommands = new Set([
  'PutObject',
  'CopyObject',
  'CreateMultipartUpload',
  'UploadPart',
  'CompleteMultipartUpload',
  'ListObjectsV2',
]);
export const isS3Put = (call: RecordedCall) => call.client === 's3' && s3PutCommands.has(call.name);
