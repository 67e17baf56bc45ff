/**
 * The stores a one-off command works against (`npm run invoke`, `npm run job`): a running `npm start`'s
 * DynamoDB Local and S3 when one serves the data folder (two JVMs must never share one database file),
 * else both started over the same folder for the command and stopped after it. The functions'
 * environment points at them either way.
 */
import type { BackingServices } from './backing-services';
import { startBackingServices } from './backing-services';
import { dynamoAnswers } from './dynamodb-local';
import { applyLocalEnvironment, localCorsOrigins } from './local-env';
import { runningRuntime } from './runtime-marker';

export interface LocalStores {
  /** Stops what the command started (nothing when it used a running `npm start`'s). */
  stop(): Promise<void>;
}

export async function attachLocalStores(dataDir: string, purpose: string): Promise<LocalStores> {
  const running = runningRuntime(dataDir);
  if (running && (await dynamoAnswers(running.dynamoEndpoint))) {
    console.error(`Using the running local API's DynamoDB (${running.dynamoEndpoint}).`);
    applyLocalEnvironment({
      dataDir,
      dynamoEndpoint: running.dynamoEndpoint,
      s3Endpoint: running.s3Endpoint,
    });
    return { stop: async () => {} };
  }
  console.error(`Starting DynamoDB Local and S3 over ${dataDir} for ${purpose}…`);
  let started: BackingServices;
  try {
    started = await startBackingServices({ dataDir, corsOrigins: localCorsOrigins() });
  } catch (error) {
    throw new Error(`Could not start DynamoDB Local: ${(error as Error).message}`, { cause: error });
  }
  applyLocalEnvironment({ dataDir, dynamoEndpoint: started.dynamoEndpoint, s3Endpoint: started.s3Endpoint });
  return { stop: () => started.stop() };
}
