/**
 * A secret's value in AWS, read through the AWS Parameters and Secrets Lambda extension (a layer the
 * stack adds to the functions that read secrets): it answers on localhost and caches what it fetched
 * from Secrets Manager, so no Secrets Manager client ships in any bundle. Callers keep what they read
 * for the life of the container.
 *
 * node:http rather than fetch: the AWS SDK has already loaded it, while a container's first fetch
 * initialises undici, which cost about three times as much as the whole read here (docs/operations.md, cursor key).
 */
import { get } from 'node:http';

/** The extension could not give the secret (not running, refused, or no string value). */
export class SecretUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretUnavailable';
  }
}

/** How long one read may take before the request gives up (the extension answers in milliseconds). */
const readTimeoutMs = 3000;

function request(url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = get(
      url,
      // The extension only answers requests that carry the function's session token.
      { headers: { 'X-Aws-Parameters-Secrets-Token': token }, timeout: readTimeoutMs },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${readTimeoutMs} ms`)));
    outgoing.on('error', reject);
  });
}

/** The secret's string value; never logged or put in an error message. */
export async function readSecret(
  secretId: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string> {
  const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const url = `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`;
  const response = await request(url, env.AWS_SESSION_TOKEN ?? '').catch((error: unknown) => {
    throw new SecretUnavailable(
      `The secret could not be read from Secrets Manager: ${error instanceof Error ? error.message : String(error)}.`,
    );
  });
  if (response.status !== 200) {
    throw new SecretUnavailable(
      `The secret could not be read from Secrets Manager (HTTP ${response.status}).`,
    );
  }
  let secret: unknown;
  try {
    secret = (JSON.parse(response.body) as { SecretString?: unknown }).SecretString;
  } catch {
    throw new SecretUnavailable('The extension answered something other than JSON.');
  }
  if (typeof secret !== 'string') throw new SecretUnavailable('The secret holds no string value.');
  return secret;
}
