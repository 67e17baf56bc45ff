/**
 * The print benchmark's command recorder: every command the DynamoDB document client and the S3 client
 * send while it runs, with when it started and ended (ms since the recorder started), so the commands
 * of one request can be counted, grouped into round trips (commands in flight at the same time are one
 * round) and compared, input for input, with the bare side's. Also `rekey`, which rewrites one order's
 * recorded items for another order.
 */
import { elapsedMs, now } from '../lib/timing';

type Item = Record<string, unknown>;

export interface TimedCommand {
  client: 'dynamodb' | 's3';
  name: string;
  /** The command's input as sent (document-client values, not marshalled); an S3 Body as its length. */
  input: Item;
  startMs: number;
  endMs: number;
}

/** What the recorder needs of a client: both SDK clients have this stack, typed differently. */
interface StackOwner {
  middlewareStack: {
    add(
      middleware: (
        next: (args: { input: object }) => Promise<unknown>,
        context: { commandName?: string },
      ) => (args: { input: object }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
    remove(name: string): boolean;
  };
}

function copyInput(input: object): Item {
  const { Body, ...rest } = input as Item;
  const copy = structuredClone(rest);
  if (Body instanceof Uint8Array) copy.Body = { bytes: Body.byteLength };
  else if (Body !== undefined) copy.Body = { bytes: String(Body).length };
  return copy;
}

/**
 * Records the commands of both clients, in the order they start, until stopped. `withInputs: false` keeps only names and times
 * (what the timed runs need: no copying on the measured path beyond two timestamps per command).
 */
export function recordTimeline(
  clients: { dynamodb: unknown; s3: unknown },
  withInputs = true,
): { calls: TimedCommand[]; clear(): void; stop(): void } {
  const calls: TimedCommand[] = [];
  const name = 'benchPrintTimeline';
  const origin = now();
  const owners = Object.entries(clients) as Array<[TimedCommand['client'], unknown]>;
  for (const [client, owner] of owners) {
    (owner as StackOwner).middlewareStack.add(
      (next, context) => async (args) => {
        // In the order the commands start; the end is filled in when the answer is back.
        const call: TimedCommand = {
          client,
          name: String(context.commandName),
          input: withInputs ? copyInput(args.input) : {},
          startMs: elapsedMs(origin),
          endMs: Number.NaN,
        };
        calls.push(call);
        const result = await next(args);
        call.endMs = elapsedMs(origin);
        return result;
      },
      { step: 'initialize', name },
    );
  }
  return {
    calls,
    clear: () => {
      calls.length = 0;
    },
    stop: () => {
      for (const [, owner] of owners) (owner as StackOwner).middlewareStack.remove(name);
    },
  };
}

/** Commands grouped by time: a round is a run of commands each starting before the ones before it ended. */
export function roundsOf(calls: readonly TimedCommand[]): TimedCommand[][] {
  const sorted = [...calls].sort((a, b) => a.startMs - b.startMs);
  const rounds: TimedCommand[][] = [];
  let end = -Infinity;
  for (const call of sorted) {
    if (call.startMs < end) {
      rounds.at(-1)!.push(call);
      end = Math.max(end, call.endMs);
    } else {
      rounds.push([call]);
      end = call.endMs;
    }
  }
  return rounds;
}

/** Deep copy with every string rewritten by the replacements (ids: unique, so plain substring swaps). */
export function rekey<T>(value: T, replacements: ReadonlyArray<readonly [string, string]>): T {
  if (typeof value === 'string') {
    let text: string = value;
    for (const [from, to] of replacements) text = text.replaceAll(from, to);
    return text as T;
  }
  if (Array.isArray(value)) return value.map((entry: unknown) => rekey(entry, replacements)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, rekey(entry, replacements)]),
    ) as T;
  }
  return value;
}

/** Every string in a value that a pattern matches (ids, instants), each once. */
export function stringsMatching(value: unknown, pattern: RegExp, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') for (const match of value.matchAll(pattern)) into.add(match[0]);
  else if (Array.isArray(value)) for (const entry of value) stringsMatching(entry, pattern, into);
  else if (value !== null && typeof value === 'object')
    for (const entry of Object.values(value)) stringsMatching(entry, pattern, into);
  return into;
}
