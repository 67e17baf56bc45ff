/**
 * The local stand-in for the alerts' daily schedule: once per reporting day (checked on start and every
 * ten minutes), every alert rule is swept with the alerts function's own code. The day last run is kept
 * in the data folder, so a restart on the same day does not run it again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import { evaluateAllRules } from '../../shared/alerts/evaluate';
import { AlertInputs } from '../../shared/alerts/inputs';
import { dataPaths } from './data-dir';

export interface DailyAlerts {
  stop(): Promise<void>;
}

const checkEveryMs = 10 * 60_000;

function lastRunDay(file: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { day?: string }).day;
  } catch {
    return undefined;
  }
}

export function startDailyAlerts(options: { dataDir: string; quiet?: boolean }): DailyAlerts {
  const file = dataPaths(options.dataDir).alertsDailyRun;
  const log = (message: string) => {
    if (!options.quiet) console.log(`[alerts] ${message}`);
  };
  let running: Promise<void> | undefined;
  const runIfDue = () => {
    if (running) return;
    const inputs = new AlertInputs(new Date(), reportingTimeZone());
    if (lastRunDay(file) === inputs.today) return;
    running = evaluateAllRules(inputs)
      .then((result) => {
        writeFileSync(file, JSON.stringify({ day: inputs.today, at: inputs.nowIso, ...result }));
        log(
          `daily run for ${inputs.today}: ${result.assessed} assessed, ${result.low} low, ${result.recovered} recovered`,
        );
      })
      .catch((error: unknown) => log(`daily run failed, retried in ten minutes: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
      });
  };
  runIfDue();
  const timer = setInterval(runIfDue, checkEveryMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
