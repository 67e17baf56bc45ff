/** The local gateway behaves like the deployed HTTP API: routing, the JWT authorizer, CORS, limits. */
import { decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { vendorsCatalogue } from '../../functions/vendors/routes';
import { devAudience, devIssuer, signDevToken } from '../../infra/local/dev-keys';
import { api, token } from '../support/http';

const dataDir = () => inject('dataDir');

/** A manager token with the dev key's kid, signed by a key the gateway does not know. */
async function tokenSignedByAnotherKey(): Promise<string> {
  const { kid } = decodeProtectedHeader(await token('manager'));
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT({
    sub: 'mallory',
    'cognito:groups': ['manager'],
    client_id: devAudience,
    aud: devAudience,
    token_use: 'access',
  })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(devIssuer)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

function expectGatewayUnauthorized(response: Awaited<ReturnType<typeof api>>, reason?: string) {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ message: 'Unauthorized' });
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  if (reason) expect(response.headers.get('www-authenticate')).toContain(reason);
}

describe('the OpenAPI document', () => {
  it('is served without a token and lists the vendors paths', async () => {
    const response = await api('GET', '/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\.1/);
    const vendorsPaths = new Set(Object.values(vendorsCatalogue.routes).map((route) => route.path));
    expect(vendorsPaths).toContain('/v1/vendors/{id}');
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining([...vendorsPaths]));
  });
});

describe('the JWT authorizer', () => {
  it('lets a valid development token through', async () => {
    const response = await api('GET', '/v1/vendors?limit=1', { role: 'viewer' });
    expect(response.status).toBe(200);
    expect(response.body).toHaveProperty('items');
  });

  it('accepts the token without the Bearer prefix, as API Gateway does', async () => {
    const response = await api('GET', '/v1/vendors?limit=1', {
      headers: { authorization: await token('viewer') },
    });
    expect(response.status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expectGatewayUnauthorized(await api('GET', '/v1/vendors'));
  });

  it('answers 401 to an expired token', async () => {
    const expired = await signDevToken('manager', { dataDir: dataDir(), expiresIn: '-1m' });
    expectGatewayUnauthorized(await api('GET', '/v1/vendors', { token: expired }), 'expired');
  });

  it('answers 401 to a token signed by another key', async () => {
    expectGatewayUnauthorized(await api('GET', '/v1/vendors', { token: await tokenSignedByAnotherKey() }));
  });

  it('answers 401 to a token for another audience', async () => {
    const other = await signDevToken('manager', {
      dataDir: dataDir(),
      claims: { aud: 'another-app', client_id: 'another-app' },
    });
    expectGatewayUnauthorized(await api('GET', '/v1/vendors', { token: other }), 'audience');
  });

  it('answers 401 to a token from another issuer or not valid yet', async () => {
    const issuer = await signDevToken('manager', {
      dataDir: dataDir(),
      claims: { iss: 'https://elsewhere' },
    });
    expectGatewayUnauthorized(await api('GET', '/v1/vendors', { token: issuer }), 'issuer');
    const early = await signDevToken('manager', {
      dataDir: dataDir(),
      claims: { nbf: Math.floor(Date.now() / 1000) + 3600 },
    });
    expectGatewayUnauthorized(await api('GET', '/v1/vendors', { token: early }));
  });

  it('answers 401 to garbage', async () => {
    expectGatewayUnauthorized(await api('GET', '/v1/vendors', { token: 'not.a.jwt' }));
  });

  it('leaves the role check to the function: 403 problem for a viewer writing', async () => {
    const response = await api('POST', '/v1/vendors', {
      role: 'viewer',
      body: { code: 'VIEW', name: 'Viewer', currency: 'USD' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('routing', () => {
  it('answers 404 problem JSON for a path no operation has', async () => {
    const response = await api('GET', '/v1/no-such-thing', { role: 'manager' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status: 404, title: 'Not Found' });
    expect(response.body.correlationId).toEqual(expect.any(String));
  });

  it('answers 405 with Allow for a method the path does not have', async () => {
    const response = await api('PATCH', '/v1/vendors', { role: 'manager' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('DELETE, GET, HEAD, POST');
    expect(response.body).toMatchObject({ status: 405 });
  });

  it('answers a wrong method from the $default route, which has no authorizer, as the stack does', async () => {
    const response = await api('PATCH', '/v1/vendors/01ABC');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, PUT');
  });

  it('answers HEAD on a GET route as the GET without a body: status, ETag and Content-Length alike', async () => {
    const created = await api('POST', '/v1/vendors', {
      role: 'manager',
      body: { code: `HEAD${Date.now().toString(36).toUpperCase()}`, name: 'Café Head', currency: 'USD' },
    });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/vendors/${created.body.id}`;
    const get = await api('GET', path, { role: 'viewer' });
    const head = await api('HEAD', path, { role: 'viewer' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(get.text)));
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    // The public document too, and a HEAD without a token meets the authorizer as its GET does.
    expect((await api('HEAD', '/v1/openapi.json')).status).toBe(200);
    expect((await api('HEAD', path)).status).toBe(401);
  });

  it('answers every response with an API Gateway request id', async () => {
    const response = await api('GET', '/v1/openapi.json');
    expect(response.headers.get('apigw-requestid')).toEqual(expect.any(String));
  });
});

describe('CORS', () => {
  it('answers the preflight for a configured origin itself', async () => {
    const response = await api('OPTIONS', '/v1/vendors', {
      headers: {
        origin: inject('corsOrigin'),
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(inject('corsOrigin'));
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-max-age')).toEqual(expect.any(String));
  });

  it('allows the If-None-Match request header and exposes Retry-After, from the list the stack uses', async () => {
    const preflight = await api('OPTIONS', '/v1/orders/A-1', {
      headers: {
        origin: inject('corsOrigin'),
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type,if-none-match',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.split(',')).toEqual(
      expect.arrayContaining(['if-none-match', 'if-match']),
    );
    const answer = await api('GET', '/v1/vendors', {
      role: 'viewer',
      headers: { origin: inject('corsOrigin') },
    });
    expect(answer.headers.get('access-control-expose-headers')?.split(',')).toEqual(
      expect.arrayContaining(['retry-after', 'etag', 'location']),
    );
  });

  it('gives an origin that is not configured no CORS headers', async () => {
    const response = await api('OPTIONS', '/v1/vendors', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sets the CORS headers on responses for a configured origin, 401s included', async () => {
    const ok = await api('GET', '/v1/openapi.json', { headers: { origin: inject('corsOrigin') } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(inject('corsOrigin'));
    const denied = await api('GET', '/v1/vendors', { headers: { origin: inject('corsOrigin') } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe(inject('corsOrigin'));
  });
});

describe('limits', () => {
  it('lets the function refuse a body over 1 MiB with a 413 problem', async () => {
    const response = await api('POST', '/v1/vendors', {
      role: 'manager',
      rawBody: JSON.stringify({ code: 'BIG', name: 'x'.repeat(1024 * 1024), currency: 'USD' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('refuses a body over API Gateway’s 10 MB payload limit at the gateway', async () => {
    const response = await api('POST', '/v1/vendors', {
      role: 'manager',
      rawBody: Buffer.alloc(11 * 1024 * 1024, 'a'),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request Entity Too Large' });
  });

  it('passes binary bodies base64-encoded: the function refuses them as not JSON', async () => {
    const response = await api('POST', '/v1/vendors', {
      role: 'manager',
      rawBody: Buffer.from([0, 1, 2, 3]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(response.status).toBe(415);
  });

  it('hands the function a JSON body’s bytes as sent, so bytes that are not UTF-8 are a 400 and stored nowhere', async () => {
    const code = `UTF${Date.now().toString(36).toUpperCase()}`;
    for (const bytes of [
      [0xc3, 0x28],
      [0xed, 0xa0, 0x80],
      [0xc0, 0xaf],
    ]) {
      const response = await api('POST', '/v1/vendors', {
        role: 'manager',
        rawBody: Buffer.concat([
          Buffer.from(`{"code":"${code}","currency":"USD","name":"Acme `),
          Buffer.from(bytes),
          Buffer.from('"}'),
        ]),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, response.text).toBe(400);
      expect(response.body.detail).toMatch(/not valid UTF-8/);
    }
    const listed = await api('GET', `/v1/vendors?code=${code}`, { role: 'viewer' });
    expect(listed.body.items).toEqual([]);
  });
});
