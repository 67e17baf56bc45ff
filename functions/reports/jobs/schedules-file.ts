/** config/report-schedules.json, read and checked (the stack and the local runtime; never a function). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReportSchedule } from './schedules';
import { SchedulesFileInvalid, parseSchedules } from './schedules';

export const schedulesPath = fileURLToPath(new URL('../../../config/report-schedules.json', import.meta.url));

export function readSchedules(path = schedulesPath): ReportSchedule[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SchedulesFileInvalid((error as Error).message);
  }
  return parseSchedules(json);
}
