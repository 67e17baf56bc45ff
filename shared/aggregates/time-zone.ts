/**
 * The deployment's reporting time zone (DESIGN §4, Reports): `REPORTING_TIME_ZONE`, an IANA name, UTC
 * when unset (CDK context `reportingTimeZone`; locally the same variable). A zone the runtime does not
 * know stops the function at its first use rather than bucketing days wrongly.
 */
import { isTimeZone } from '../domain/reporting-days';

export const defaultReportingTimeZone = 'UTC';

export function reportingTimeZone(): string {
  const zone = process.env.REPORTING_TIME_ZONE || defaultReportingTimeZone;
  if (!isTimeZone(zone)) throw new Error(`REPORTING_TIME_ZONE is not a time zone: ${zone}`);
  return zone;
}
