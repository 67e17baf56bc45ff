/** The local JWT authorizer's rules, as API Gateway applies them to a Cognito access token. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { devAudience, devIssuer, signDevToken, verifyDevToken } from '../../infra/local/dev-keys';
import { authorizeRequest } from '../../infra/local/jwt-authorizer';

const dataDir = mkdtempSync(join(tmpdir(), 'dev-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const now = () => Math.floor(Date.now() / 1000);

async function verify(token: string) {
  return verifyDevToken(token, { dataDir });
}

describe('development tokens', () => {
  it('look like a Cognito access token for the role', async () => {
    const claims = decodeJwt(await signDevToken('operator', { dataDir, subject: 'alice' }));
    expect(claims).toMatchObject({
      sub: 'alice',
      username: 'alice',
      'cognito:groups': ['operator'],
      client_id: devAudience,
      iss: devIssuer,
      token_use: 'access',
    });
    // Access tokens name the app client in client_id and carry no aud; cognito:username is the ID token's.
    expect(claims).not.toHaveProperty('aud');
    expect(claims).not.toHaveProperty('cognito:username');
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
  });

  it('are signed RS256 by one key kept on disk, the same across calls', async () => {
    const first = decodeProtectedHeader(await signDevToken('viewer', { dataDir }));
    const second = decodeProtectedHeader(await signDevToken('manager', { dataDir }));
    expect(first.alg).toBe('RS256');
    expect(first.kid).toBe(second.kid);
    const jwks = JSON.parse(readFileSync(join(dataDir, 'dev-jwt', 'jwks.json'), 'utf8'));
    expect(jwks.keys).toEqual([expect.objectContaining({ kid: first.kid, kty: 'RSA' })]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('verification', () => {
  it('accepts a fresh token and returns its claims', async () => {
    const result = await verify(await signDevToken('manager', { dataDir }));
    expect(result).toMatchObject({ ok: true, claims: { 'cognito:groups': ['manager'] } });
  });

  it('refuses an expired token', async () => {
    expect(await verify(await signDevToken('manager', { dataDir, expiresIn: '-1s' }))).toEqual({
      ok: false,
      reason: 'the token has expired',
    });
  });

  it('refuses a token that passed before once it has expired (passed tokens are kept until then)', async () => {
    const token = await signDevToken('manager', { dataDir, expiresIn: '2s' });
    expect(await verify(token)).toMatchObject({ ok: true });
    expect(await verify(token)).toMatchObject({ ok: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3000);
      expect(await verify(token)).toEqual({ ok: false, reason: 'the token has expired' });
      expect(await verify(token)).toEqual({ ok: false, reason: 'the token has expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token without exp', async () => {
    const token = await signDevToken('manager', { dataDir });
    const header = decodeProtectedHeader(token);
    const { privateKey } = await generateKeyPair('RS256');
    const unsigned = await new SignJWT({ sub: 'x', aud: devAudience, iss: devIssuer })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid! })
      .sign(privateKey);
    expect((await verify(unsigned)).ok).toBe(false);
  });

  it('refuses a token that is not valid yet, or issued in the future', async () => {
    expect(
      await verify(await signDevToken('manager', { dataDir, claims: { nbf: now() + 600 } })),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await verify(await signDevToken('manager', { dataDir, claims: { iat: now() + 600 } })),
    ).toMatchObject({
      ok: false,
    });
  });

  it('refuses another issuer', async () => {
    const result = await verify(
      await signDevToken('manager', { dataDir, claims: { iss: 'https://elsewhere' } }),
    );
    expect(result).toEqual({ ok: false, reason: 'the token does not have a valid issuer' });
  });

  it('checks aud when present, client_id otherwise (as API Gateway does)', async () => {
    const wrongAud = await signDevToken('manager', {
      dataDir,
      claims: { aud: 'other', client_id: devAudience },
    });
    expect(await verify(wrongAud)).toEqual({ ok: false, reason: 'the token does not have a valid audience' });
    const audInList = await signDevToken('manager', { dataDir, claims: { aud: ['other', devAudience] } });
    expect((await verify(audInList)).ok).toBe(true);
    // A development token as issued: an access token, no aud, checked on its client_id.
    const noAudRightClient = await signDevToken('manager', { dataDir });
    expect(decodeJwt(noAudRightClient).aud).toBeUndefined();
    expect((await verify(noAudRightClient)).ok).toBe(true);
    // An ID token: aud names the client, no client_id.
    const idToken = await signDevToken('manager', {
      dataDir,
      claims: { token_use: 'id', aud: devAudience, client_id: undefined },
    });
    expect((await verify(idToken)).ok).toBe(true);
    const neither = await signDevToken('manager', { dataDir, claims: { client_id: undefined } });
    expect((await verify(neither)).ok).toBe(false);
    const noAudWrongClient = await signDevToken('manager', {
      dataDir,
      claims: { aud: undefined, client_id: 'other' },
    });
    expect((await verify(noAudWrongClient)).ok).toBe(false);
  });

  it('refuses a token signed by another key, even with the right kid', async () => {
    const { kid } = decodeProtectedHeader(await signDevToken('manager', { dataDir }));
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      sub: 'mallory',
      aud: devAudience,
      iss: devIssuer,
      'cognito:groups': ['manager'],
    })
      .setProtectedHeader({ alg: 'RS256', kid: kid! })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect(await verify(forged)).toEqual({ ok: false, reason: 'the token signature is invalid' });
  });

  it('refuses an unknown kid, another algorithm and garbage', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const unknownKid = await new SignJWT({ sub: 'x', aud: devAudience, iss: devIssuer })
      .setProtectedHeader({ alg: 'RS256', kid: 'someone-else' })
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await verify(unknownKid)).ok).toBe(false);
    const { kid } = decodeProtectedHeader(await signDevToken('manager', { dataDir }));
    const hs256 = await new SignJWT({ sub: 'x', aud: devAudience, iss: devIssuer })
      .setProtectedHeader({ alg: 'HS256', kid: kid! })
      .setExpirationTime('1h')
      .sign(new Uint8Array(32));
    expect((await verify(hs256)).ok).toBe(false);
    expect(await verify('not-a-token')).toEqual({ ok: false, reason: 'the token is malformed' });
  });
});

describe('the authorizer response', () => {
  it('is API Gateway’s 401 with a www-authenticate challenge', async () => {
    const missing = await authorizeRequest(undefined, dataDir);
    expect(missing).toEqual({
      ok: false,
      response: {
        statusCode: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
        body: '{"message":"Unauthorized"}',
      },
    });
    const expired = await authorizeRequest(
      `Bearer ${await signDevToken('viewer', { dataDir, expiresIn: '-1s' })}`,
      dataDir,
    );
    expect(expired.ok).toBe(false);
    if (!expired.ok) {
      expect(expired.response.headers['www-authenticate']).toBe(
        'Bearer scope="" error="invalid_token" error_description="the token has expired"',
      );
    }
  });

  it('refuses two Authorization headers, even when the first holds a valid token', async () => {
    const valid = `Bearer ${await signDevToken('manager', { dataDir })}`;
    const twice = await authorizeRequest([valid, 'Bearer not-a-token'], dataDir);
    expect(twice.ok).toBe(false);
    if (!twice.ok) {
      expect(twice.response.statusCode).toBe(401);
      expect(twice.response.body).toBe('{"message":"Unauthorized"}');
      expect(twice.response.headers['www-authenticate']).toContain('error="invalid_request"');
    }
    expect((await authorizeRequest([valid, valid], dataDir)).ok).toBe(false);
    expect((await authorizeRequest([valid], dataDir)).ok).toBe(true);
  });

  it('passes claims as API Gateway does: strings, arrays kept for the event builder', async () => {
    const result = await authorizeRequest(
      `bearer ${await signDevToken('operator', { dataDir, subject: 'bob' })}`,
      dataDir,
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.claims.sub).toBe('bob');
      expect(result.claims['cognito:groups']).toEqual(['operator']);
      expect(typeof result.claims.exp).toBe('string');
    }
  });
});
