/**
 * DynamoDB failing around a request's commit, injected into the table client (a middleware, as a
 * killed DynamoDB Local would fail): the commit goes through and every command after it fails (the
 * database went away), or the commit call itself fails without an answer, before or after DynamoDB
 * applied it. The commit is the first write of the request whose input names `marker` (a key).
 */
import { db } from '../../shared/db/client';

export type FaultMode =
  /** The commit is applied and answered; every later command fails with a lost connection. */
  | 'down-after-commit'
  /** The commit is never sent: its call fails without an answer; later commands work. */
  | 'no-answer-unapplied'
  /** The commit is applied but its call fails without an answer; later commands work. */
  | 'no-answer-applied'
  /** The commit is applied but its call fails without an answer, and every later command fails. */
  | 'no-answer-applied-then-down'
  /** The commit is never sent, its call fails without an answer, and every later command fails. */
  | 'no-answer-unapplied-then-down';

interface Fault {
  marker: string;
  mode: FaultMode;
  /** The commit has been met. */
  met: boolean;
}

let fault: Fault | undefined;
const writeCommand = /^(TransactWrite|Put|Update|Delete|BatchWrite)/;

/** What a lost connection looks like to the SDK: no $metadata, so no answer. */
export const connectionLost = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000 (injected)'), { code: 'ECONNREFUSED' });

db().middlewareStack.add(
  (next, context) => async (args) => {
    const current = fault;
    if (!current) return next(args);
    const down = current.mode === 'down-after-commit' || current.mode.endsWith('-then-down');
    if (current.met) {
      if (down) throw connectionLost();
      return next(args);
    }
    const isCommit =
      writeCommand.test(context.commandName ?? '') && JSON.stringify(args.input).includes(current.marker);
    if (!isCommit) return next(args);
    current.met = true;
    if (current.mode.startsWith('no-answer-unapplied')) throw connectionLost();
    const result = await next(args);
    if (current.mode === 'down-after-commit') return result;
    throw connectionLost();
  },
  { step: 'initialize', name: 'dbFaults' },
);

/**
 * Runs the work (one request) with the fault armed, and disarms it after; fails when the work never
 * reached the commit the fault names.
 */
export async function withDbFault<T>(marker: string, mode: FaultMode, work: () => Promise<T>): Promise<T> {
  const armed: Fault = { marker, mode, met: false };
  fault = armed;
  let result: T;
  try {
    result = await work();
  } finally {
    fault = undefined;
  }
  if (!armed.met) throw new Error(`No write naming ${marker} was made: the fault never fired`);
  return result;
}
