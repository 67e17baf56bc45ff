/**
 * ShipEngine's API key in AWS: a Secrets Manager secret read through the Parameters and Secrets extension
 * (shared/secrets). The secret is the key itself, or JSON with an `apiKey` member.
 */
import { readSecret } from '../../../shared/secrets/extension';
import { CarrierFailed } from './errors';

const shipEngine = { processorCode: 'shipengine' };

export function secretFromExtension(
  secretId: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): () => Promise<string> {
  return async () => {
    const secret = await readSecret(secretId, env).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CarrierFailed(reason.replace('The secret', 'The ShipEngine key'), shipEngine);
    });
    const key = secret.trim().startsWith('{')
      ? (JSON.parse(secret) as { apiKey?: unknown }).apiKey
      : secret.trim();
    if (typeof key !== 'string' || key.length === 0) {
      throw new CarrierFailed(
        'The ShipEngine secret holds no key (the key itself, or JSON with apiKey).',
        shipEngine,
      );
    }
    return key;
  };
}
