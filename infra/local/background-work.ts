/**
 * The work that runs beside the requests, each part of it in a function of its own when deployed: the
 * stream poller (it drives the projector, the aggregates and the alerts consumers), the report jobs the
 * poller hands long exports to, and the daily alerts schedule. The runtime starts it with the gateway;
 * the busy-day bench starts it in a process of its own, to tell its CPU from the requests'.
 */
import type { DailyAlerts } from './alerts-daily';
import { startDailyAlerts } from './alerts-daily';
import { dataPaths, localTableName } from './data-dir';
import { startReportJobs } from './report-jobs';
import type { StreamPoller } from './stream-poller';
import { startStreamPoller } from './stream-poller';

export interface BackgroundWork {
  /** The poller finishes its batch, then the jobs their work. */
  stop(): Promise<void>;
}

export async function startBackgroundWork(options: {
  dataDir: string;
  dynamoEndpoint: string;
  quiet?: boolean;
}): Promise<BackgroundWork> {
  const paths = dataPaths(options.dataDir);
  const jobs = startReportJobs({ dataDir: paths.root, quiet: options.quiet });
  let poller: StreamPoller | undefined;
  let dailyAlerts: DailyAlerts;
  try {
    poller = await startStreamPoller({
      endpoint: options.dynamoEndpoint,
      tableName: localTableName,
      dataDir: paths.root,
      quiet: options.quiet,
      onPendingExports: (ids) => jobs.enqueue(ids),
    });
    dailyAlerts = startDailyAlerts({ dataDir: paths.root, quiet: options.quiet });
  } catch (error) {
    await poller?.stop();
    await jobs.stop();
    throw error;
  }
  const started = poller;
  return {
    async stop() {
      await dailyAlerts.stop();
      await started.stop();
      await jobs.stop();
    },
  };
}
