/**
 * The handler's own authorization (defence in depth behind the JWT authorizer): the groups claim as
 * API Gateway hands it over, and the caller's user name from both Cognito token shapes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApiEvent } from '../../infra/local/api-event';
import { devAudience, signDevToken } from '../../infra/local/dev-keys';
import { authorizeRequest } from '../../infra/local/jwt-authorizer';
import { groupsClaim } from '../../shared/http/auth';
import { defineGroup, route } from '../../shared/http/catalogue';
import { createGroupHandler } from '../../shared/http/handler';
import type { Role } from '../../shared/http/permissions';

const dataDir = mkdtempSync(join(tmpdir(), 'auth-unit-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Two operations on paths the real catalogue has (so events get its route keys) that echo the caller. */
const probe = defineGroup('probe', {
  read: route({
    method: 'GET',
    path: '/v1/vendors',
    operationId: 'probeRead',
    summary: 'who',
    permission: 'read',
    status: 200,
  }),
  manage: route({
    method: 'DELETE',
    path: '/v1/vendors',
    operationId: 'probeManage',
    summary: 'who',
    permission: 'manage',
    status: 200,
  }),
});
const echo = async ({ caller }: { caller: unknown }) => ({ body: caller as never });
const handler = createGroupHandler(probe, { read: echo, manage: echo });
const context = {
  functionName: 'probe',
  awsRequestId: 'probe',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

type Claims = Record<string, string | number | boolean | string[]>;

/** Calls the handler with the event API Gateway would send for these (already verified) claims. */
async function callWith(claims: Claims, method: 'GET' | 'DELETE' = 'GET') {
  const { group: _group, ...event } = buildApiEvent({ method, path: '/v1/vendors', claims });
  const response = (await handler(event, context)) as { statusCode: number; body: string };
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

/** A development token, through the local JWT authorizer, into the event: the claims a function sees. */
async function verifiedClaims(
  role: Role,
  claims: Record<string, unknown> = {},
  subject?: string,
): Promise<Claims> {
  const token = await signDevToken(role, { dataDir, subject, claims });
  const result = await authorizeRequest(`Bearer ${token}`, dataDir);
  if (!result.ok) throw new Error(`the local authorizer refused the token: ${result.response.body}`);
  return result.claims;
}

describe('the groups claim', () => {
  it('reads API Gateway’s encoding of an array claim, "[a b]", on whitespace only', () => {
    expect(groupsClaim('[operator viewer]')).toEqual(['operator', 'viewer']);
    expect(groupsClaim('[manager]')).toEqual(['manager']);
    expect(groupsClaim('[]')).toEqual([]);
    // A comma is part of a group name (Cognito allows it); only whitespace separated the elements.
    expect(groupsClaim('[viewer,manager]')).toEqual(['viewer,manager']);
    expect(groupsClaim('[viewer, manager]')).toEqual(['viewer,', 'manager']);
  });

  it('takes a real array, or a JSON array, element by element, never splitting an element', () => {
    expect(groupsClaim(['viewer,manager'])).toEqual(['viewer,manager']);
    expect(groupsClaim(['viewer', 'operator'])).toEqual(['viewer', 'operator']);
    expect(groupsClaim('["viewer,manager"]')).toEqual(['viewer,manager']);
    expect(groupsClaim('["viewer","manager"]')).toEqual(['viewer', 'manager']);
    expect(groupsClaim([1, 'viewer', null])).toEqual(['viewer']);
  });

  it('reads any other string as one group', () => {
    expect(groupsClaim('viewer')).toEqual(['viewer']);
    expect(groupsClaim('viewer,manager')).toEqual(['viewer,manager']);
    expect(groupsClaim('viewer manager')).toEqual(['viewer manager']);
    expect(groupsClaim(undefined)).toEqual([]);
    expect(groupsClaim(42)).toEqual([]);
  });

  it('never grants a role from a comma inside one group, as the function receives it', async () => {
    const base = { sub: 'u-1', username: 'eve', token_use: 'access' };
    // ["viewer,manager"] in the token: one group that is no role at all.
    const noRole = await callWith({ ...base, 'cognito:groups': ['viewer,manager'] });
    expect(noRole.status).toBe(403);
    // ["viewer", "operator,manager"]: a viewer, so a manager-only operation is refused.
    const viewer = { ...base, 'cognito:groups': ['viewer', 'operator,manager'] };
    expect((await callWith(viewer)).body).toMatchObject({ role: 'viewer' });
    expect((await callWith(viewer, 'DELETE')).status).toBe(403);
    // The same claims in a hand-written event: a JSON array with a comma inside an element.
    expect((await callWith({ ...base, 'cognito:groups': '["viewer,manager"]' }, 'DELETE')).status).toBe(403);
    // Two real groups still give the stronger one.
    const both = await callWith({ ...base, 'cognito:groups': ['viewer', 'manager'] }, 'DELETE');
    expect(both).toMatchObject({ status: 200, body: { role: 'manager' } });
  });
});

describe('a group is a role only when it equals the role’s name exactly', () => {
  const base = { sub: 'u-2', username: 'mallory', token_use: 'access' };
  const nearMisses = [' manager', 'manager ', 'Manager', 'MANAGER', 'viewer manager', '[[manager]]'];
  /** The groups claim as a token would carry each near miss: alone, as the only element, nested. */
  const tokenClaims: unknown[] = [
    ...nearMisses,
    ...nearMisses.map((group) => [group]),
    [['manager']],
    [['viewer', 'manager']],
    [{ manager: true }],
  ];

  it('reads a string claim exactly as written, never trimmed or folded', () => {
    expect(groupsClaim(' manager')).toEqual([' manager']);
    expect(groupsClaim('manager ')).toEqual(['manager ']);
    expect(groupsClaim('Manager')).toEqual(['Manager']);
    expect(groupsClaim('viewer manager')).toEqual(['viewer manager']);
  });

  it('grants nothing from a flattened array whose spacing only elements holding whitespace can make', () => {
    expect(groupsClaim('[ manager]')).toEqual([]);
    expect(groupsClaim('[manager ]')).toEqual([]);
    expect(groupsClaim('[viewer  manager]')).toEqual([]);
    expect(groupsClaim(' [manager]')).toEqual([' [manager]']);
    // A nested array as API Gateway would flatten it: one group "[manager]", no role.
    expect(groupsClaim('[[manager]]')).toEqual(['[manager]']);
  });

  it('refuses (403) every near miss in the event’s claims, as a string or in a real array', async () => {
    for (const group of nearMisses) {
      const asString = await callWith({ ...base, 'cognito:groups': group });
      expect(asString.status, JSON.stringify(group)).toBe(403);
      expect(asString.body.detail).toMatch(/none of the roles/);
    }
    for (const group of [' manager', 'manager ', 'Manager', '[manager]']) {
      // buildApiEvent flattens the array as API Gateway does: "[ manager]", "[[manager]]"…
      const inArray = await callWith({ ...base, 'cognito:groups': [group] });
      expect(inArray.status, JSON.stringify([group])).toBe(403);
    }
  });

  it('refuses (403) every near miss carried in a signed token through the local JWT authorizer', async () => {
    for (const groups of tokenClaims) {
      const claims = await verifiedClaims('manager', { 'cognito:groups': groups }, 'mallory');
      const answer = await callWith(claims, 'DELETE');
      expect(answer.status, JSON.stringify(groups)).toBe(403);
      expect(answer.body.detail, JSON.stringify(groups)).toMatch(/none of the roles/);
    }
  });

  it('still reads real groups beside a near miss in a signed token', async () => {
    const claims = await verifiedClaims('viewer', { 'cognito:groups': [' manager', 'viewer'] }, 'mallory');
    expect((await callWith(claims)).body).toMatchObject({ role: 'viewer' });
    expect((await callWith(claims, 'DELETE')).status).toBe(403);
  });
});

describe('the caller, from either Cognito token shape', () => {
  it('a development (access) token: sub, username, groups array, client_id, no aud', async () => {
    const token = await signDevToken('operator', { dataDir, subject: 'alice' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: 'alice',
      username: 'alice',
      'cognito:groups': ['operator'],
      client_id: devAudience,
      token_use: 'access',
    });
    expect(claims).not.toHaveProperty('aud');
    expect(claims).not.toHaveProperty('cognito:username');
  });

  it('takes the username of an access token, not its subject', async () => {
    const claims = await verifiedClaims(
      'operator',
      { username: 'alice' },
      '5b1e7c2a-0000-4000-8000-000000000001',
    );
    expect((await callWith(claims)).body).toEqual({
      subject: '5b1e7c2a-0000-4000-8000-000000000001',
      username: 'alice',
      role: 'operator',
    });
  });

  it('takes cognito:username of an ID token (aud, no client_id), not its subject', async () => {
    const claims = await verifiedClaims(
      'viewer',
      {
        token_use: 'id',
        username: undefined,
        'cognito:username': 'bob',
        aud: devAudience,
        client_id: undefined,
      },
      '5b1e7c2a-0000-4000-8000-000000000002',
    );
    expect(claims).not.toHaveProperty('username');
    expect((await callWith(claims)).body).toEqual({
      subject: '5b1e7c2a-0000-4000-8000-000000000002',
      username: 'bob',
      role: 'viewer',
    });
  });

  it('falls back to the subject only when the token names no user', async () => {
    const claims = await verifiedClaims('viewer', { username: undefined }, 'sub-only');
    expect((await callWith(claims)).body).toMatchObject({ subject: 'sub-only', username: 'sub-only' });
  });

  it('answers 401 without claims', async () => {
    const { group: _group, ...event } = buildApiEvent({ method: 'GET', path: '/v1/vendors' });
    const response = (await handler(event, context)) as { statusCode: number };
    expect(response.statusCode).toBe(401);
  });
});
