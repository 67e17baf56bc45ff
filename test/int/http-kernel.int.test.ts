import { describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { flattenCatalogue } from '../../shared/http/catalogue';
import type { Role } from '../../shared/http/permissions';
import { roleAllows, roles } from '../../shared/http/permissions';
import { vendorInput } from '../support/builders';
import { call } from '../support/call';
import { malformedRequests, problemFailure } from '../support/malformed-requests';
import { tableSnapshot } from '../support/table-snapshot';

const mutations = flattenCatalogue(catalogues).filter((op) => op.method !== 'GET');
const someId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, someId);

describe('authentication and roles', () => {
  it('answers 401 without a token on every operation', async () => {
    for (const op of flattenCatalogue(catalogues)) {
      const response = await call({ method: op.method, path: concrete(op.path), role: null });
      expect(response.status, `${op.method} ${op.path}`).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answers 403 to a viewer on every mutation that needs more than read, and changes nothing', async () => {
    const before = await tableSnapshot();
    // Saving one's own grid layout (column views) is a read-permission write.
    for (const op of mutations.filter((m) => m.permission !== 'read')) {
      const response = await call({ method: op.method, path: concrete(op.path), role: 'viewer', body: {} });
      expect(response.status, `${op.method} ${op.path}`).toBe(403);
      expect(response.headers['content-type']).toBe('application/problem+json');
    }
    expect(await tableSnapshot()).toEqual(before);
  });

  it('answers 403 to an operator on manager-only operations', async () => {
    for (const op of mutations.filter((m) => m.permission === 'manage')) {
      const response = await call({ method: op.method, path: concrete(op.path), role: 'operator', body: {} });
      expect(response.status, `${op.method} ${op.path}`).toBe(403);
    }
  });

  it('lets every DELETE through to the least role its permission names and above, and no lower (the table in docs/api-conventions.md)', async () => {
    const before = await tableSnapshot();
    const deletes = mutations.filter((op) => op.method === 'DELETE');
    const matrix: Record<string, Record<Role, boolean>> = {};
    for (const op of deletes) {
      const row = {} as Record<Role, boolean>;
      for (const role of roles) {
        const response = await call({ method: op.method, path: concrete(op.path), role });
        row[role] = response.status !== 403;
        if (!roleAllows(role, op.permission)) {
          expect(response.headers['content-type'], `${role} ${op.path}`).toBe('application/problem+json');
          expect(response.body.detail, `${role} ${op.path}`).toContain(`${role} role`);
        }
      }
      matrix[`${op.method} ${op.path}`] = row;
    }
    const expected = Object.fromEntries(
      deletes.map((op) => [
        `${op.method} ${op.path}`,
        Object.fromEntries(roles.map((role) => [role, roleAllows(role, op.permission)])),
      ]),
    );
    expect(matrix).toEqual(expected);
    // DESIGN §3: deleting a return and removing a shipment are the manager's; voiding a label is day-to-day.
    const managerOnly = { viewer: false, operator: false, manager: true };
    expect(matrix['DELETE /v1/orders/{order_id}/returns/{return_id}']).toEqual(managerOnly);
    expect(matrix['DELETE /v1/orders/{orderId}/tracking/{shipmentId}']).toEqual(managerOnly);
    expect(matrix['DELETE /v1/fulfillment/ship-now/void/{shipmentId}']).toEqual({
      viewer: false,
      operator: true,
      manager: true,
    });
    expect(await tableSnapshot()).toEqual(before);
  });
});

describe('malformed input of every kind', () => {
  it('answers a 4xx problem document for every malformed request and changes nothing', async () => {
    const before = await tableSnapshot();
    const failures: string[] = [];
    for (const request of malformedRequests()) {
      const response = await call({
        method: request.method,
        path: request.path,
        headers: request.headers,
        rawBody: request.rawBody,
      });
      const failure = problemFailure(request, { ...response, contentType: response.headers['content-type'] });
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    expect(await tableSnapshot()).toEqual(before);
  });

  it('reports validation errors as { path, message } per field', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/vendors',
      body: { code: '', currency: 'XXX', extra: 1 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      title: 'Validation Failed',
      status: 400,
      type: expect.stringContaining('validation-failed'),
    });
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'required' },
        { path: 'body.extra', message: 'unknown field' },
      ]),
    );
  });
});

describe('ids that start with punctuation', () => {
  it('are refused naming the rule they break (a letter or digit first), on create and read alike', async () => {
    for (const id of ['_x_', '__proto__']) {
      for (const method of ['PUT', 'GET']) {
        const response = await call({
          method,
          path: `/v1/orders/${id}`,
          body: method === 'PUT' ? {} : undefined,
        });
        expect(response.status, `${method} ${id}`).toBe(400);
        expect(response.body.errors, `${method} ${id}`).toContainEqual({
          path: 'path.id',
          message: expect.stringContaining('starting with a letter or digit'),
        });
      }
    }
  });
});

describe('integer query parameters', () => {
  // Each is a number to Number(), and none is decimal digits as written.
  const notDecimalDigits = ['0x10', '2e1', '%205', '5%20', '+5', '-5', '5.0', '05', '', '1_0', '%EF%BC%95'];

  it('take decimal digits only: anything else is a 400 naming the field, on every list', async () => {
    for (const path of ['/v1/vendors', '/v1/reports/top-sellers?from=2026-01-01&to=2026-01-31']) {
      for (const value of notDecimalDigits) {
        const url = `${path}${path.includes('?') ? '&' : '?'}limit=${value}`;
        const response = await call({ method: 'GET', path: url, role: 'viewer' });
        expect(response.status, url).toBe(400);
        expect(response.body.errors, url).toEqual([
          { path: 'query.limit', message: expect.stringContaining('decimal digits only') },
        ]);
      }
    }
  });

  it('still read plain decimal digits, and the default when absent', async () => {
    await call({ method: 'POST', path: '/v1/vendors', body: vendorInput() });
    await call({ method: 'POST', path: '/v1/vendors', body: vendorInput() });
    const one = await call({ method: 'GET', path: '/v1/vendors?limit=1', role: 'viewer' });
    expect(one.status).toBe(200);
    expect(one.body.items).toHaveLength(1);
    expect((await call({ method: 'GET', path: '/v1/vendors?limit=200', role: 'viewer' })).status).toBe(200);
    expect((await call({ method: 'GET', path: '/v1/vendors', role: 'viewer' })).status).toBe(200);
    const tooMany = await call({ method: 'GET', path: '/v1/vendors?limit=201', role: 'viewer' });
    expect(tooMany.body.errors).toEqual([{ path: 'query.limit', message: 'must be at most 200' }]);
  });
});

describe('a body that is not valid UTF-8', () => {
  /** A vendor whose name holds `bytes` where its text would be: JSON valid but for those bytes. */
  const vendorBytes = (bytes: number[]) => {
    const { code } = vendorInput();
    return Buffer.concat([
      Buffer.from(`{"code":"${code}","currency":"USD","name":"Acme `),
      Buffer.from(bytes),
      Buffer.from('"}'),
    ]);
  };
  const json = { 'content-type': 'application/json' };

  it('is a 400 whatever the invalid sequence, and nothing is stored', async () => {
    const before = await tableSnapshot();
    const invalid = {
      'a lead byte before a non-continuation': [0xc3, 0x28],
      'an encoded surrogate (U+D800)': [0xed, 0xa0, 0x80],
      'an overlong "/"': [0xc0, 0xaf],
      'a stray continuation byte': [0x80],
      'a truncated sequence': [0xe2, 0x82],
      'a byte never in UTF-8': [0xff],
    };
    for (const [what, bytes] of Object.entries(invalid)) {
      const response = await call({
        method: 'POST',
        path: '/v1/vendors',
        headers: json,
        rawBody: vendorBytes(bytes),
      });
      expect(response.status, what).toBe(400);
      expect(response.headers['content-type'], what).toBe('application/problem+json');
      expect(response.body.detail, what).toMatch(/not valid UTF-8/);
    }
    expect(await tableSnapshot()).toEqual(before);
  });

  it('is a 400 when passed as text that holds what decoding left of such bytes', async () => {
    const before = await tableSnapshot();
    const asText = (name: string) =>
      call({
        method: 'POST',
        path: '/v1/vendors',
        headers: json,
        rawBody: JSON.stringify(vendorInput({ name })),
      });
    const replaced = await asText('Acme \uFFFD(');
    expect(replaced.status).toBe(400);
    expect(replaced.body.detail).toMatch(/U\+FFFD/);
    const surrogate = await asText('Acme \uD800');
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.detail).toMatch(/lone surrogate/);
    expect(await tableSnapshot()).toEqual(before);
  });

  it('accepts valid UTF-8 bytes, multi-byte characters and a U+FFFD sent as a JSON escape', async () => {
    const valid = await call({
      method: 'POST',
      path: '/v1/vendors',
      headers: json,
      rawBody: vendorBytes([...Buffer.from('Müller ☕ 𝄞')]),
    });
    expect(valid.status, valid.text).toBe(201);
    expect(valid.body.name).toBe('Acme Müller ☕ 𝄞');
    const escaped = await call({
      method: 'POST',
      path: '/v1/vendors',
      headers: json,
      rawBody: JSON.stringify(vendorInput({ name: 'Acme' })).replace('"Acme"', '"Acme \\uFFFD"'),
    });
    expect(escaped.status, escaped.text).toBe(201);
    expect(escaped.body.name).toBe('Acme \uFFFD');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for a retry and does nothing again', async () => {
    const body = vendorInput();
    const headers = { 'idempotency-key': `key-${Date.now()}` };
    const first = await call({ method: 'POST', path: '/v1/vendors', body, headers });
    const retry = await call({ method: 'POST', path: '/v1/vendors', body, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const listed = await call({ method: 'GET', path: `/v1/vendors?code=${body.code}&sort=code` });
    expect(listed.body.items).toHaveLength(1);
  });

  it('answers 422 for the same key with another body, and 409 never reaches a second create', async () => {
    const headers = { 'idempotency-key': `key-other-${Date.now()}` };
    expect((await call({ method: 'POST', path: '/v1/vendors', body: vendorInput(), headers })).status).toBe(
      201,
    );
    const reused = await call({ method: 'POST', path: '/v1/vendors', body: vendorInput(), headers });
    expect(reused.status).toBe(422);
    expect(reused.headers['content-type']).toBe('application/problem+json');
  });

  it('keys are per caller: another user with the same key gets a fresh request', async () => {
    const headers = { 'idempotency-key': `shared-${Date.now()}` };
    const mine = await call({
      method: 'POST',
      path: '/v1/vendors',
      body: vendorInput(),
      headers,
      subject: 'alice',
    });
    const theirs = await call({
      method: 'POST',
      path: '/v1/vendors',
      body: vendorInput(),
      headers,
      subject: 'bob',
    });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('concurrent retries of one request create one vendor', async () => {
    const body = vendorInput();
    const headers = { 'idempotency-key': `race-${Date.now()}` };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call({ method: 'POST', path: '/v1/vendors', body, headers })),
    );
    const created = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(created.size).toBe(1);
    for (const result of results) expect([201, 409]).toContain(result.status);
    const listed = await call({ method: 'GET', path: `/v1/vendors?code=${body.code}&sort=code` });
    expect(listed.body.items).toHaveLength(1);
  });

  it('a failed request releases its key so a corrected retry can use it', async () => {
    const headers = { 'idempotency-key': `fix-${Date.now()}` };
    const taken = vendorInput();
    await call({ method: 'POST', path: '/v1/vendors', body: taken });
    const conflict = await call({
      method: 'POST',
      path: '/v1/vendors',
      body: { ...vendorInput(), code: taken.code },
      headers,
    });
    expect(conflict.status).toBe(409);
    expect((await call({ method: 'POST', path: '/v1/vendors', body: vendorInput(), headers })).status).toBe(
      201,
    );
  });
});

describe('routing, headers and failures', () => {
  it('answers 405 with Allow for a method the path does not have', async () => {
    const response = await call({ method: 'PATCH', path: `/v1/vendors/${someId}` });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, PUT');
  });

  it('answers 405 with Allow, not a reserved-word 400, where an {id} route catches a literal path', async () => {
    const cases: Array<[string, string, string]> = [
      ['GET', '/v1/orders/work-orders', 'POST'],
      ['PUT', '/v1/orders/statuses', 'GET, HEAD, POST'],
      ['PUT', '/v1/orders/column-views', 'GET, HEAD, POST'],
      // A literal path of another group (order activity) caught by the orders group's {id} route.
      ['PUT', '/v1/orders/shipments', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await call({ method, path, body: method === 'PUT' ? {} : undefined });
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.headers['content-type']).toBe('application/problem+json');
    }
  });

  it('answers 404 problem documents for unknown paths, and serves the OpenAPI document without a token', async () => {
    const unknown = await call({ method: 'GET', path: '/v1/nowhere', role: null });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toBe('application/problem+json');
    const document = await call({ method: 'GET', path: '/v1/openapi.json', role: null });
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    expect(Object.keys(document.body.paths)).toContain('/v1/vendors/{id}');
    expect(document.body.paths['/v1/vendors/po-sources'].post.requestBody.required).toBe(true);
    expect(document.body.paths['/v1/vendors'].delete.requestBody.required).toBe(false);
    // Create-or-replace documents both outcomes, with the same body and ETag.
    const putOrder = document.body.paths['/v1/orders/{id}'].put.responses;
    expect(putOrder['201'].description).toBe('Created');
    expect(putOrder['200'].description).toBe('Replaced');
    expect(putOrder['201'].content).toEqual(putOrder['200'].content);
    expect(putOrder['201'].headers.ETag).toBeDefined();
  });

  it('echoes a sane correlation id and makes one otherwise', async () => {
    const echoed = await call({
      method: 'GET',
      path: `/v1/vendors/${someId}`,
      headers: { 'x-correlation-id': 'abc-12345678' },
    });
    expect(echoed.headers['x-correlation-id']).toBe('abc-12345678');
    expect(echoed.body.correlationId).toBe('abc-12345678');
    const made = await call({
      method: 'GET',
      path: `/v1/vendors/${someId}`,
      headers: { 'x-correlation-id': 'bad id!' },
    });
    expect(made.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a 500 with a correlation id and no internals when the database fails', async () => {
    const original = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'no-such-table';
    try {
      const response = await call({ method: 'GET', path: `/v1/vendors/${someId}` });
      expect(response.status).toBe(500);
      expect(response.body.correlationId).toEqual(expect.any(String));
      expect(response.text).not.toMatch(/ResourceNotFound|no-such-table|stack|at /);
    } finally {
      process.env.TABLE_NAME = original;
    }
  });
});
