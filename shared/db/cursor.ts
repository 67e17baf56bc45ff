/**
 * Opaque list cursors: the last evaluated key, bound to the listing it came from, signed with HMAC.
 * Anything that does not verify is a 400; a cursor never reaches DynamoDB unless we made it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

type Key = Record<string, unknown>;

/** A cursor this service did not make for this listing (tampered, truncated, from another listing). */
export class InvalidCursor extends Error {
  constructor() {
    super('The cursor is not valid for this listing; start again without one.');
    this.name = 'InvalidCursor';
  }
}

function signingKey(): string {
  // The stack sets CURSOR_SIGNING_KEY; the fallback keeps local runs and tests working without setup.
  return process.env.CURSOR_SIGNING_KEY ?? 'local-development-cursor-key';
}

function sign(payload: string): string {
  return createHmac('sha256', signingKey()).update(payload).digest('base64url').slice(0, 22);
}

/** `scope` names the listing and its filters, so a cursor cannot be replayed against another query. */
export function encodeCursor(lastKey: Key | undefined, scope: string): string | null {
  if (!lastKey) return null;
  const payload = Buffer.from(JSON.stringify({ s: scope, k: lastKey })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

export function decodeCursor(cursor: string | undefined, scope: string): Key | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () => new InvalidCursor();
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const body = decoded as { s?: unknown; k?: unknown };
  if (body.s !== scope || typeof body.k !== 'object' || body.k === null) throw invalid();
  const key = body.k as Key;
  if (!Object.values(key).every((value) => typeof value === 'string' || typeof value === 'number'))
    throw invalid();
  return key;
}
