/** Reporting days: a day is a calendar day in the deployment's zone, whatever its offset or length. */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkReportRange,
  dayCount,
  daysBetween,
  isTimeZone,
  offsetMinutes,
  previousPeriod,
  reportingDay,
  startOfDay,
} from '../../shared/domain/reporting-days';
import { ValidationFailed } from '../../shared/errors';

const hours = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 3_600_000;

describe('reportingDay', () => {
  it('puts a sale at 23:30 UTC on the same day in UTC and in New York, and one at 03:30 UTC on New York’s day before', () => {
    expect(reportingDay('2026-11-23T23:30:00Z', 'UTC')).toBe('2026-11-23');
    expect(reportingDay('2026-11-23T23:30:00Z', 'America/New_York')).toBe('2026-11-23');
    expect(reportingDay('2026-11-24T03:30:00Z', 'America/New_York')).toBe('2026-11-23');
    expect(reportingDay('2026-11-24T03:30:00Z', 'UTC')).toBe('2026-11-24');
  });

  it('counts Kathmandu’s quarter-hour offset: 00:30 there is 18:45 UTC the day before', () => {
    expect(offsetMinutes(new Date('2026-11-23T12:00:00Z'), 'Asia/Kathmandu')).toBe(345);
    expect(reportingDay('2026-11-22T18:45:00Z', 'Asia/Kathmandu')).toBe('2026-11-23');
    expect(reportingDay('2026-11-22T18:14:59Z', 'Asia/Kathmandu')).toBe('2026-11-22');
    expect(reportingDay('2026-11-23T00:30:00Z', 'Asia/Kathmandu')).toBe('2026-11-23');
  });

  it('refuses what is not an instant', () => {
    expect(() => reportingDay('yesterday', 'UTC')).toThrow(RangeError);
  });
});

describe('startOfDay', () => {
  it('is local midnight, in UTC for UTC and shifted by the offset elsewhere', () => {
    expect(startOfDay('2026-11-23', 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfDay('2026-11-23', 'America/New_York').toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(startOfDay('2026-11-23', 'Asia/Kathmandu').toISOString()).toBe('2026-11-22T18:15:00.000Z');
  });

  it('makes the day daylight saving time starts 23 hours long and the day it ends 25', () => {
    const zone = 'America/New_York';
    expect(hours(startOfDay('2026-03-08', zone), startOfDay('2026-03-09', zone))).toBe(23);
    expect(hours(startOfDay('2026-11-01', zone), startOfDay('2026-11-02', zone))).toBe(25);
    expect(hours(startOfDay('2026-03-29', 'Europe/Warsaw'), startOfDay('2026-03-30', 'Europe/Warsaw'))).toBe(
      23,
    );
  });

  it('starts a day whose midnight does not exist at the first minute that does (Santiago, clocks jump at 24:00)', () => {
    const zone = 'America/Santiago';
    const start = startOfDay('2026-09-06', zone);
    expect(reportingDay(start, zone)).toBe('2026-09-06');
    expect(reportingDay(new Date(start.getTime() - 1), zone)).toBe('2026-09-05');
    expect(hours(start, startOfDay('2026-09-07', zone))).toBe(23);
  });

  it('is the first instant of its day for every day of a year in zones with and without DST', () => {
    for (const zone of [
      'UTC',
      'America/New_York',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'America/Santiago',
    ]) {
      for (const day of daysBetween('2026-01-01', '2026-12-31')) {
        const start = startOfDay(day, zone);
        expect(reportingDay(start, zone), `${zone} ${day}`).toBe(day);
        expect(reportingDay(new Date(start.getTime() - 1), zone), `${zone} ${day}`).toBe(addDays(day, -1));
      }
    }
  });
});

describe('report ranges', () => {
  it('lists the days of a range, both ends included, across month and leap-year ends', () => {
    expect(daysBetween('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(dayCount('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysBetween('2026-11-23', '2026-11-23')).toEqual(['2026-11-23']);
  });

  it('takes up to 366 days and refuses more, or an end before the start, as a 400 naming query.to', () => {
    expect(() => checkReportRange('2027-01-01', '2028-01-01')).not.toThrow();
    for (const [from, to] of [
      ['2027-01-01', '2028-01-02'],
      ['2026-11-23', '2026-11-22'],
    ] as const) {
      let error: unknown;
      try {
        checkReportRange(from, to);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).errors[0]!.path).toBe('query.to');
    }
  });

  it('aligns the previous period day by day, of the same length, just before', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod('2026-11-23', '2026-11-23')).toEqual({ from: '2026-11-22', to: '2026-11-22' });
  });

  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('Europe/Warsaw')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
