/**
 * ShipEngine's API key in AWS: read from Secrets Manager through the AWS Parameters and Secrets Lambda
 * extension (a layer the stack adds), which caches it; no Secrets Manager client in the bundle. The
 * secret is the key itself, or JSON with an `apiKey` member.
 */
import { CarrierFailed } from './errors';

const shipEngine = { processorCode: 'shipengine' };

export function secretFromExtension(
  secretId: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): () => Promise<string> {
  return async () => {
    const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
    const response = await fetch(
      `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`,
      {
        headers: { 'X-Aws-Parameters-Secrets-Token': env.AWS_SESSION_TOKEN ?? '' },
        signal: AbortSignal.timeout(3000),
      },
    ).catch((error: unknown) => {
      throw new CarrierFailed(
        `The ShipEngine key could not be read from Secrets Manager: ${error instanceof Error ? error.message : String(error)}.`,
        shipEngine,
      );
    });
    if (!response.ok) {
      throw new CarrierFailed(
        `The ShipEngine key could not be read from Secrets Manager (HTTP ${response.status}).`,
        shipEngine,
      );
    }
    const { SecretString: secret } = (await response.json()) as { SecretString?: string };
    const key = secret?.trim().startsWith('{')
      ? (JSON.parse(secret) as { apiKey?: unknown }).apiKey
      : secret?.trim();
    if (typeof key !== 'string' || key.length === 0) {
      throw new CarrierFailed(
        'The ShipEngine secret holds no key (the key itself, or JSON with apiKey).',
        shipEngine,
      );
    }
    return key;
  };
}
