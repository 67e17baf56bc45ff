/**
 * The DynamoDB the seed writes to: the running `npm start`'s on the same data folder, or DynamoDB Local
 * started for the seed (over a RAM working copy when there is room, see working-copy.ts), as
 * `npm run invoke` does. Two JVMs must never share one database file.
 */
import { dataPaths } from '../data-dir';
import type { DynamoLocal } from '../dynamodb-local';
import { dynamoAnswers, startDynamoLocal } from '../dynamodb-local';
import { freePort } from '../free-port';
import { runningRuntime } from '../runtime-marker';
import { ramWorkingCopy } from './working-copy';

export interface SeedDatabase {
  endpoint: string;
  /** A running `npm start` serves it (its stream poller will publish the seed's events). */
  live: boolean;
  /** Where the data ends up, for messages. */
  description: string;
  /** Stops what the seed started; keeps the seeded data only when `complete`. */
  close(complete: boolean): Promise<void>;
}

/** DynamoDB Local's file grows by about 2.5 KB per item (indexes and stream records included). */
const bytesPerOrder = 40_000;

export async function openSeedDatabase(dataDir: string, orders: number): Promise<SeedDatabase> {
  const running = runningRuntime(dataDir);
  if (running && (await dynamoAnswers(running.dynamoEndpoint))) {
    return {
      endpoint: running.dynamoEndpoint,
      live: true,
      description: `the running local API's DynamoDB (${running.dynamoEndpoint})`,
      close: async () => {},
    };
  }
  const target = dataPaths(dataDir).dynamodb;
  const copy = ramWorkingCopy(target, orders * bytesPerOrder + 40_000_000);
  let dynamo: DynamoLocal;
  try {
    dynamo = await startDynamoLocal({ port: await freePort(), dbPath: copy?.dir ?? target });
  } catch (error) {
    copy?.discard();
    throw error;
  }
  return {
    endpoint: dynamo.endpoint,
    live: false,
    description: copy
      ? `DynamoDB Local over a RAM copy of ${target} (moved into place when complete)`
      : `DynamoDB Local over ${target}`,
    async close(complete) {
      await dynamo.stop();
      if (!copy) return;
      const started = runningRuntime(dataDir);
      if (complete && started) {
        copy.discard();
        throw new Error(
          `npm start (pid ${started.pid}) began serving ${dataDir} during the seed; the seeded copy was dropped rather than replace its database. Stop it and seed again.`,
        );
      }
      if (complete) copy.install();
      else copy.discard();
    },
  };
}
