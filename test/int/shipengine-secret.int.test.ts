/** The ShipEngine key read through the Parameters and Secrets extension's local HTTP endpoint (a stand-in here). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretFromExtension } from '../../functions/fulfillment/carriers/secret';

let port = 0;
const seen: Array<{ url: string; token: string | undefined }> = [];
const secrets: Record<string, string | undefined> = {
  plain: 'TEST_key_plain',
  json: JSON.stringify({ apiKey: 'TEST_key_json' }),
  empty: '',
};
const server = createServer((request, response) => {
  seen.push({ url: request.url ?? '', token: request.headers['x-aws-parameters-secrets-token'] as string });
  const id = new URL(request.url ?? '', 'http://localhost').searchParams.get('secretId') ?? '';
  if (!(id in secrets)) {
    response.writeHead(400).end('not found');
    return;
  }
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ SecretString: secrets[id] }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const env = () => ({
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String(port),
  AWS_SESSION_TOKEN: 'session-token',
});

describe('ShipEngine key from Secrets Manager (through the extension)', () => {
  it('reads a plain key or JSON with apiKey, sending the session token the extension asks for', async () => {
    expect(await secretFromExtension('plain', env())()).toBe('TEST_key_plain');
    expect(await secretFromExtension('json', env())()).toBe('TEST_key_json');
    expect(seen[0]).toEqual({ url: '/secretsmanager/get?secretId=plain', token: 'session-token' });
  });

  it('fails as a carrier failure (502) naming the problem, never the key', async () => {
    await expect(secretFromExtension('missing', env())()).rejects.toMatchObject({ status: 502 });
    await expect(secretFromExtension('empty', env())()).rejects.toThrow('holds no key');
    await expect(
      secretFromExtension('plain', { PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '1' })(),
    ).rejects.toMatchObject({ status: 502 });
  });
});
