/**
 * Opaque list cursors: the last evaluated key, bound to the listing it came from, signed with HMAC.
 * Anything that does not verify is a 400; a cursor never reaches DynamoDB unless we made it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readSecret } from '../secrets/extension';

type Key = Record<string, unknown>;

/** A cursor this service did not make for this listing (tampered, truncated, from another listing). */
export class InvalidCursor extends Error {
  constructor() {
    super('The cursor is not valid for this listing; start again without one.');
    this.name = 'InvalidCursor';
  }
}

/** The key read from Secrets Manager, kept for the life of the container. */
let secretKey: string | undefined;
let loading: Promise<void> | undefined;
const ready = Promise.resolve();

/**
 * In AWS the stack names the key's secret (CURSOR_SIGNING_KEY_SECRET_ARN), never its value: the first
 * request of a container reads it once through the Parameters and Secrets extension, and every later
 * one finds it loaded. A failed read is not kept, so the next request tries again. The shared middy
 * stack and the report jobs await this before any work, so encodeCursor and decodeCursor stay
 * synchronous.
 */
export function cursorSigningKeyReady(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<void> {
  const secretId = env.CURSOR_SIGNING_KEY_SECRET_ARN;
  if (!secretId || secretKey !== undefined) return ready;
  loading ??= readSecret(secretId, env).then(
    (value) => {
      secretKey = value;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function signingKey(): string {
  if (secretKey !== undefined) return secretKey;
  if (process.env.CURSOR_SIGNING_KEY_SECRET_ARN) {
    // Never sign with a stand-in where a real key exists: that cursor would fail in every other container.
    throw new Error('The cursor signing key was not loaded: await cursorSigningKeyReady() first.');
  }
  // Locally and in tests the key is the environment's; the fallback needs no setup at all.
  return process.env.CURSOR_SIGNING_KEY ?? 'local-development-cursor-key';
}

/** Forgets the loaded key (tests of the loading). */
export function forgetCursorSigningKey(): void {
  secretKey = undefined;
  loading = undefined;
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
