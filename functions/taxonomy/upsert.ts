/** Create-or-replace by natural key (a mapping per channel and path, an attribute per channel, scope and name). */
import { isDeepStrictEqual } from 'node:util';
import { TransactionCancelled } from '../../shared/db/errors';
import { LostRace, withRetry } from '../../shared/db/retry';
import { checkVersion } from '../../shared/domain/versions';
import { PreconditionFailed } from '../../shared/errors';
import type { OperationInput, RouteDefinition } from '../../shared/http/catalogue';
import { newId } from '../../shared/ids';

type Conditions = Pick<OperationInput<RouteDefinition>, 'ifMatch' | 'conditions'>;

/** The request's If-Match / If-None-Match against what is stored (412 when they do not hold). */
export function checkUpsertConditions(
  what: string,
  stored: { version: number } | undefined,
  request: Conditions,
) {
  if (request.conditions.mustNotExist && stored) {
    throw new PreconditionFailed(
      `The ${what} exists (version ${stored.version}); If-None-Match: * creates only.`,
      {
        currentVersion: stored.version,
      },
    );
  }
  if ((request.conditions.mustExist || request.ifMatch !== undefined) && !stored) {
    throw new PreconditionFailed(`The ${what} does not exist; If-Match needs it to.`, {
      currentVersion: null,
    });
  }
  if (stored) checkVersion(what, stored.version, request.ifMatch);
}

const bookkeeping = new Set(['id', 'version', 'createdAt', 'updatedAt']);

/** The two differ only in identity and bookkeeping: the write would change nothing. */
export function sameContent(a: object, b: object): boolean {
  const content = (value: object) =>
    JSON.parse(
      JSON.stringify(Object.fromEntries(Object.entries(value).filter(([key]) => !bookkeeping.has(key)))),
    );
  return isDeepStrictEqual(content(a), content(b));
}

interface Versioned {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The identity and version fields of a resource created or replaced at `at`. */
export function nextVersionOf(previous: Versioned | undefined, at: string): Versioned {
  return {
    id: previous?.id ?? newId(),
    version: (previous?.version ?? 0) + 1,
    createdAt: previous?.createdAt ?? at,
    updatedAt: at,
  };
}

/**
 * Create-or-replace by natural key: read, check the request's conditions, build the next version, answer
 * the stored one when nothing changes, else write (a write refused on a `refusedItem` lost a race and is
 * read again). 201 when created, 200 when replaced or unchanged.
 */
export function upsertByKey<T extends Versioned>(options: {
  what: string;
  request: Conditions;
  read: () => Promise<T | undefined>;
  build: (previous: T | undefined, at: string) => T;
  write: (next: T, previous: T | undefined, at: string) => Promise<void>;
  refusedItem: string | readonly string[];
}): Promise<{ body: T; version: number; status: 200 | 201 }> {
  return withRetry({ what: `The ${options.what}` }, async () => {
    const previous = await options.read();
    checkUpsertConditions(options.what, previous, options.request);
    const at = new Date().toISOString();
    const next = options.build(previous, at);
    if (previous && sameContent(previous, next))
      return { body: previous, version: previous.version, status: 200 };
    try {
      await options.write(next, previous, at);
    } catch (error) {
      const refusable = typeof options.refusedItem === 'string' ? [options.refusedItem] : options.refusedItem;
      if (error instanceof TransactionCancelled && refusable.some((name) => error.refused(name))) {
        throw new LostRace(`The ${options.what} changed between its read and its write`);
      }
      throw error;
    }
    return { body: next, version: next.version, status: previous ? 200 : 201 };
  });
}
