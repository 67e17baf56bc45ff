/**
 * The cursor key read from Secrets Manager by the shared middy stack: a handler in AWS's environment
 * (the secret's ARN, the extension's port) pages with it, asks the extension once per container, and
 * answers a 500 problem document (never a cursor signed with a stand-in key) while it cannot read it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetCursorSigningKey } from '../../shared/db/cursor';
import { vendorInput } from '../support/builders';
import { call } from '../support/call';
import type { SecretsStandIn } from '../support/secrets-extension-stand-in';
import { startSecretsStandIn } from '../support/secrets-extension-stand-in';

const secretArn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:cursor-key-AbCdEf';
let extension: SecretsStandIn;

beforeAll(async () => {
  extension = await startSecretsStandIn({ [secretArn]: 'key-from-secrets-manager' });
  for (const code of ['KEY-A', 'KEY-B', 'KEY-C']) {
    expect((await call({ method: 'POST', path: '/v1/vendors', body: vendorInput({ code }) })).status).toBe(
      201,
    );
  }
  process.env.CURSOR_SIGNING_KEY_SECRET_ARN = secretArn;
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String(extension.port);
  process.env.AWS_SESSION_TOKEN = 'session-token';
});
afterEach(() => {
  extension.failWith = undefined;
});
afterAll(async () => {
  delete process.env.CURSOR_SIGNING_KEY_SECRET_ARN;
  delete process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT;
  delete process.env.AWS_SESSION_TOKEN;
  forgetCursorSigningKey();
  await extension.close();
});

describe('the cursor key in the shared middy stack', () => {
  it('answers 500 while the extension cannot give the key, then pages once it can, reading it once', async () => {
    extension.failWith = 503;
    const failed = await call({ method: 'GET', path: '/v1/vendors?limit=1' });
    expect(failed.status).toBe(500);
    expect(failed.text).not.toContain('key-from-secrets-manager');
    extension.failWith = undefined;
    extension.requests.length = 0;

    const first = await call({ method: 'GET', path: '/v1/vendors?limit=1' });
    expect(first.status).toBe(200);
    const second = await call({
      method: 'GET',
      path: `/v1/vendors?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    });
    expect(second.status).toBe(200);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    expect(extension.requests).toEqual([secretArn]);
  });
});
