/** A GET as API Gateway sends it for a viewer, without the local gateway's group: what the benches invoke handlers with. */
import { buildApiEvent } from '../../infra/local/api-event';
import { claimsFor } from '../../test/support/call';

export function viewerGetEvent(path: string) {
  const { group: _group, ...event } = buildApiEvent({
    method: 'GET',
    path,
    headers: {},
    claims: claimsFor('viewer'),
  });
  return event;
}
