import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cursorSigningKeyReady,
  decodeCursor,
  encodeCursor,
  forgetCursorSigningKey,
  InvalidCursor,
} from '../../shared/db/cursor';
import type { SecretsStandIn } from '../support/secrets-extension-stand-in';
import { startSecretsStandIn } from '../support/secrets-extension-stand-in';

const secretArn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:cursor-key-AbCdEf';
let extension: SecretsStandIn;
const saved = { ...process.env };

beforeAll(async () => {
  extension = await startSecretsStandIn({ [secretArn]: 'key-from-secrets-manager' });
});
afterAll(() => extension.close());
afterEach(() => {
  process.env = { ...saved };
  extension.requests.length = 0;
  extension.failWith = undefined;
  forgetCursorSigningKey();
});

/** The function's environment in AWS: the secret's ARN, the extension's port, a session token. */
function inAws() {
  process.env.CURSOR_SIGNING_KEY_SECRET_ARN = secretArn;
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String(extension.port);
  process.env.AWS_SESSION_TOKEN = 'session-token';
  delete process.env.CURSOR_SIGNING_KEY;
}

describe('the cursor signing key from Secrets Manager', () => {
  it('is read once per container, however many requests wait for it at once', async () => {
    inAws();
    await Promise.all([cursorSigningKeyReady(), cursorSigningKeyReady(), cursorSigningKeyReady()]);
    await cursorSigningKeyReady();
    expect(extension.requests).toEqual([secretArn]);
    const cursor = encodeCursor({ PK: 'VENDOR#1' }, 'vendors')!;
    expect(decodeCursor(cursor, 'vendors')).toEqual({ PK: 'VENDOR#1' });
  });

  it('signs with the secret’s value: a cursor signed with another key does not verify', async () => {
    process.env.CURSOR_SIGNING_KEY = 'some-other-key';
    const foreign = encodeCursor({ PK: 'VENDOR#1' }, 'vendors')!;
    inAws();
    await cursorSigningKeyReady();
    expect(() => decodeCursor(foreign, 'vendors')).toThrow(InvalidCursor);
  });

  it('never signs with a stand-in key when the key is a secret that was not read', () => {
    inAws();
    expect(() => encodeCursor({ PK: 'VENDOR#1' }, 'vendors')).toThrow(/not loaded/);
  });

  it('does not keep a failed read: the next request tries again', async () => {
    inAws();
    extension.failWith = 500;
    await expect(cursorSigningKeyReady()).rejects.toThrow(/HTTP 500/);
    extension.failWith = undefined;
    await cursorSigningKeyReady();
    expect(extension.requests).toEqual([secretArn, secretArn]);
    expect(encodeCursor({ PK: 'VENDOR#1' }, 'vendors')).toMatch(/\./);
  });

  it('asks for nothing locally, where the environment holds the key', async () => {
    process.env.CURSOR_SIGNING_KEY = 'local-key';
    delete process.env.CURSOR_SIGNING_KEY_SECRET_ARN;
    await cursorSigningKeyReady();
    expect(extension.requests).toEqual([]);
    expect(decodeCursor(encodeCursor({ PK: 'X#1' }, 's')!, 's')).toEqual({ PK: 'X#1' });
  });
});
