/** Every operation over HTTP through the local gateway, with real tokens: auth, roles and malformed input. */
import { describe, expect, inject, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { flattenCatalogue } from '../../shared/http/catalogue';
import { api, token } from '../support/http';
import { malformedRequests, problemFailure } from '../support/malformed-requests';
import { tableSnapshot } from '../support/table-snapshot';

const operations = flattenCatalogue(catalogues);
const someId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, someId);
const snapshot = () => tableSnapshot(inject('e2eDynamoEndpoint'), inject('e2eTableName'));

describe('every operation over HTTP', () => {
  it('answers 401 without a token, with a garbage token and with an expired one', async () => {
    const expired = await token('manager', { expiresIn: '-1m' });
    for (const op of operations) {
      for (const bearer of [undefined, 'not.a.jwt', expired]) {
        const response = await api(op.method, concrete(op.path), { token: bearer });
        expect(response.status, `${op.method} ${op.path} with ${bearer ?? 'no token'}`).toBe(401);
      }
    }
  });

  it('answers 403 to a viewer on every mutation that needs more than read, and changes nothing', async () => {
    const before = await snapshot();
    const viewer = await token('viewer');
    for (const op of operations.filter((o) => o.method !== 'GET' && o.permission !== 'read')) {
      const response = await api(op.method, concrete(op.path), { token: viewer, body: {} });
      expect(response.status, `${op.method} ${op.path}`).toBe(403);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a 4xx problem document to every malformed request and changes nothing', async () => {
    const before = await snapshot();
    const manager = await token('manager');
    const failures: string[] = [];
    // fetch cannot send a body with GET; the integration suite covers that case through the handlers.
    for (const request of malformedRequests().filter(
      (r) => !(r.method === 'GET' && r.rawBody !== undefined),
    )) {
      const response = await api(request.method, request.path, {
        token: manager,
        headers: request.headers,
        rawBody: request.rawBody,
      });
      const failure = problemFailure(request, {
        ...response,
        contentType: response.headers.get('content-type'),
      });
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
