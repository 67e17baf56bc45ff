/** Optimistic concurrency of mutable resources: the client's If-Match against the stored version. */
import { PreconditionFailed } from '../errors';

/** 412 when the client's If-Match names another version than the one stored (`what`: "vendor", "warehouse"...). */
export function checkVersion(what: string, current: number, ifMatch: number | undefined): void {
  if (ifMatch !== undefined && ifMatch !== current) {
    throw new PreconditionFailed(
      `The ${what} is at version ${current}, not ${ifMatch}; fetch it again and reapply your change.`,
      { currentVersion: current },
    );
  }
}
