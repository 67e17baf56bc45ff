/** Create-or-replace by natural key (a mapping per channel and path, an attribute per channel, scope and name). */
import { isDeepStrictEqual } from 'node:util';
import { checkVersion } from '../../shared/domain/versions';
import { PreconditionFailed } from '../../shared/errors';
import type { OperationInput, RouteDefinition } from '../../shared/http/catalogue';

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
