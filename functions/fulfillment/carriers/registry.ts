/**
 * The carriers the fulfillment operations can use, by `processorCode`: the two built-in rate-table
 * carriers always, ShipEngine only when its key is configured (a key in the environment locally; in AWS
 * the caller passes a loader that reads Secrets Manager, so this module does no I/O of its own).
 */
import { NotFound } from '../../../shared/errors';
import type { CarrierAdapter } from './adapter';
import { parcelCarrier } from './parcel';
import { postalCarrier } from './postal';
import { secretFromExtension } from './secret';
import type { ShipEngineConfig } from './shipengine';
import { defaultShipEngineBaseUrl, shipEngineCarrier } from './shipengine';

export interface CarrierConfig {
  /** Absent: no ShipEngine adapter. */
  shipEngine?: ShipEngineConfig;
}

/**
 * `SHIPENGINE_CARRIER_IDS`: the merchant's connected carriers, ShipEngine carrier code to carrier id,
 * as `ups=se-123456,stamps_com=se-654321` or the same as a JSON object.
 */
export function parseCarrierIds(text: string): Record<string, string> {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const pairs: [string, unknown][] = trimmed.startsWith('{')
    ? Object.entries(JSON.parse(trimmed) as Record<string, unknown>)
    : trimmed.split(',').map((pair) => {
        const [code = '', id = ''] = pair.split('=').map((part) => part.trim());
        return [code, id];
      });
  return Object.fromEntries(
    pairs.map(([code, id]) => {
      if (!/^[a-z0-9_]+$/.test(code) || typeof id !== 'string' || !/^se-[A-Za-z0-9-]+$/.test(id)) {
        throw new Error(
          `SHIPENGINE_CARRIER_IDS has ${JSON.stringify(`${code}=${String(id)}`)}; each entry is carrier_code=se-id (ups=se-123456).`,
        );
      }
      return [code, id];
    }),
  );
}

/**
 * The carrier configuration from the environment: `SHIPENGINE_API_KEY` (or, without it, the caller's
 * `loadApiKey`, e.g. a Secrets Manager read), `SHIPENGINE_BASE_URL` (default api.shipengine.com) and
 * `SHIPENGINE_CARRIER_IDS`. A key without carriers is a configuration error, said at once.
 */
export function carrierConfigFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
  loadApiKey?: () => Promise<string>,
): CarrierConfig {
  const key = env.SHIPENGINE_API_KEY?.trim();
  const apiKey = key ? async () => key : loadApiKey;
  if (!apiKey) return {};
  const carrierIds = parseCarrierIds(env.SHIPENGINE_CARRIER_IDS ?? '');
  if (Object.keys(carrierIds).length === 0) {
    throw new Error(
      'A ShipEngine key is configured but SHIPENGINE_CARRIER_IDS names no carrier (ups=se-123456,stamps_com=se-654321).',
    );
  }
  return {
    shipEngine: {
      apiKey,
      baseUrl: env.SHIPENGINE_BASE_URL?.trim() || defaultShipEngineBaseUrl,
      carrierIds,
    },
  };
}

/** Every configured carrier by processor code, built-in ones first. */
export function carrierAdapters(config: CarrierConfig = {}): ReadonlyMap<string, CarrierAdapter> {
  const adapters: CarrierAdapter[] = [postalCarrier, parcelCarrier];
  if (config.shipEngine) adapters.push(shipEngineCarrier(config.shipEngine));
  return new Map(adapters.map((adapter) => [adapter.processorCode, adapter]));
}

let fromEnvironment: ReadonlyMap<string, CarrierAdapter> | undefined;

/** The carriers the environment configures, built once per container (ShipEngine's key loaded once). */
export function configuredCarriers(): ReadonlyMap<string, CarrierAdapter> {
  const secretArn = process.env.SHIPENGINE_SECRET_ARN;
  return (fromEnvironment ??= carrierAdapters(
    carrierConfigFromEnv(process.env, secretArn ? secretFromExtension(secretArn) : undefined),
  ));
}

/**
 * The carrier with this processor code (404 otherwise). Without `adapters`, the ones the environment
 * configures, built once per container (so ShipEngine's key is loaded once).
 */
export function adapterFor(
  processorCode: string,
  adapters?: ReadonlyMap<string, CarrierAdapter>,
): CarrierAdapter {
  const known = adapters ?? (fromEnvironment ??= carrierAdapters(carrierConfigFromEnv()));
  const adapter = known.get(processorCode);
  if (!adapter) {
    throw new NotFound(
      `No carrier has the processor code ${processorCode}; known: ${[...known.keys()].join(', ')}.`,
      {
        processorCode,
      },
    );
  }
  return adapter;
}
