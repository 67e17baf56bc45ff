/**
 * The pieces of report exports and scheduled jobs that need no database: schedules' cron expressions
 * and relative days, the config file, any report as a PDF (read back with pdftotext) and sheets that
 * continue past Excel's last row (read back with exceljs).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ScheduleEntryInvalid,
  SchedulesFileInvalid,
  checkedSchedule,
  parseSchedules,
} from '../../functions/reports/jobs/schedules';
import { readSchedules } from '../../functions/reports/jobs/schedules-file';
import { cronMatches, eventBridgeCronFields, parseCron, wallClock } from '../../shared/domain/cron';
import { relativeDay, resolveRelativeDays } from '../../shared/domain/relative-days';
import { renderReportPdf } from '../../shared/render/report-pdf';
import { continuationName, writeWorkbook } from '../../shared/render/xlsx';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'report-exports-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('cron expressions of scheduled jobs', () => {
  it('matches the wall clock of the reporting zone, not UTC', () => {
    const cron = parseCron('30 6 * * MON-FRI');
    // 2026-11-23 is a Monday; 06:30 in New York is 11:30 UTC.
    const monday = wallClock(new Date('2026-11-23T11:30:00Z'), 'America/New_York');
    expect(monday).toEqual({ minute: 30, hour: 6, day: 23, month: 11, weekDay: 1 });
    expect(cronMatches(cron, monday)).toBe(true);
    expect(cronMatches(cron, wallClock(new Date('2026-11-23T06:30:00Z'), 'America/New_York'))).toBe(false);
    // Saturday is not MON-FRI.
    expect(cronMatches(cron, wallClock(new Date('2026-11-28T11:30:00Z'), 'America/New_York'))).toBe(false);
  });

  it('reads lists, ranges, steps, and 0 and 7 as Sunday', () => {
    const cron = parseCron('*/15 8-10,18 1 * *');
    expect([...cron.minutes]).toEqual([0, 15, 30, 45]);
    expect([...cron.hours]).toEqual([8, 9, 10, 18]);
    expect([...cron.days]).toEqual([1]);
    expect([...parseCron('0 0 * * 7').weekDays]).toEqual([0]);
    expect([...parseCron('0 0 * * 0').weekDays]).toEqual([0]);
  });

  it('gives EventBridge only the restricted day field, week days by name', () => {
    expect(eventBridgeCronFields(parseCron('0 5 * * *'))).toEqual({ minute: '0', hour: '5', month: '*' });
    expect(eventBridgeCronFields(parseCron('0 4 1 * *'))).toEqual({
      minute: '0',
      hour: '4',
      month: '*',
      day: '1',
    });
    expect(eventBridgeCronFields(parseCron('0 7 * * 1-6'))).toEqual({
      minute: '0',
      hour: '7',
      month: '*',
      weekDay: 'MON-SAT',
    });
  });

  it.each([
    ['0 5 * *', 'five fields'],
    ['60 5 * * *', 'not 0–59'],
    ['0 24 * * *', 'not 0–23'],
    ['0 5 1 * MON', 'not both'],
    ['0 5 10-2 * *', 'backwards'],
    ['0 5 * * FUNDAY', 'not 0–7'],
  ])('refuses %s', (expression, reason) => {
    expect(() => parseCron(expression)).toThrow(reason);
  });
});

describe('relative days in a scheduled query', () => {
  it.each([
    ['today', '2026-03-01'],
    ['yesterday', '2026-02-28'],
    ['today-7', '2026-02-22'],
    ['today+1', '2026-03-02'],
    ['start-of-week', '2026-02-23'],
    ['start-of-last-week', '2026-02-16'],
    ['end-of-last-week', '2026-02-22'],
    ['start-of-month', '2026-03-01'],
    ['start-of-last-month', '2026-02-01'],
    ['end-of-last-month', '2026-02-28'],
    ['start-of-year', '2026-01-01'],
    ['start-of-last-year', '2025-01-01'],
    ['end-of-last-year', '2025-12-31'],
  ])('%s on Sunday 2026-03-01 is %s', (word, day) => {
    expect(relativeDay(word, '2026-03-01')).toBe(day);
  });

  it('crosses a leap day and a year, and keeps other values as written', () => {
    expect(relativeDay('end-of-last-month', '2028-03-15')).toBe('2028-02-29');
    expect(relativeDay('start-of-last-month', '2027-01-10')).toBe('2026-12-01');
    expect(relativeDay('today-367', '2026-03-01')).toBeUndefined();
    expect(
      resolveRelativeDays({ from: 'yesterday', channel: 'today-shop', to: 'today' }, '2026-11-23'),
    ).toEqual({ from: '2026-11-22', channel: 'today-shop', to: '2026-11-23' });
  });
});

describe('config/report-schedules.json', () => {
  it('parses: every entry names a report, a cron and a query its report takes', () => {
    const schedules = readSchedules();
    expect(schedules.length).toBeGreaterThan(0);
    for (const schedule of schedules) expect(() => parseCron(schedule.cron)).not.toThrow();
  });

  const entry = { name: 'nightly', report: 'sales-daily', format: 'excel', cron: '0 5 * * *' };
  const oneLineNaming = (run: () => unknown, label: string, why: string) => {
    try {
      run();
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScheduleEntryInvalid);
      const { message, stack } = error as Error;
      expect(message).toBe(`Scheduled report ${label} cannot run: ${why}`);
      expect(message).not.toContain('\n');
      expect(stack ?? '').toContain(message);
    }
  };
  it.each([
    [{ ...entry, report: 'sales-yearly' }, '"nightly"', 'report must be one of'],
    [{ ...entry, report: 'constructor' }, '"nightly"', 'report must be one of'],
    [{ ...entry, format: 'csv' }, '"nightly"', 'format must be one of: "excel", "pdf"'],
    [{ ...entry, name: 'Nightly Sales' }, '"Nightly Sales"', 'name must be kebab-case a-z0-9'],
    [{ ...entry, query: { from: 'last-tuesday' } }, '"nightly"', 'query.from must be a date, YYYY-MM-DD'],
    [{ ...entry, query: { color: 'red' } }, '"nightly"', 'query.color unknown field'],
    [{ ...entry, extra: 1 }, '"nightly"', 'extra unknown field'],
    [{ ...entry, cron: '0 5 * * * *' }, '"nightly"', 'cron "0 5 * * * *": needs five fields'],
    [{ ...entry, cron: '0 25 * * *' }, '"nightly"', 'cron "0 25 * * *": 25 is not 0–23'],
    [
      { ...entry, report: 'valuation', query: { asOf: 'today+1' } },
      '"nightly"',
      'query.asOf today+1 is after the day the job runs',
    ],
    [{ ...entry, name: 7 }, 'schedules[3]', 'name must be a string'],
  ])('refuses a bad entry in one line naming the entry and why (%#)', (bad, label, why) => {
    const where = label.startsWith('schedules') ? 'schedules[3]' : undefined;
    try {
      checkedSchedule(bad, where);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScheduleEntryInvalid);
      expect((error as Error).message.startsWith(`Scheduled report ${label} cannot run: ${why}`)).toBe(true);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('names one bad field once, however many of its checks it fails', () => {
    oneLineNaming(
      () => checkedSchedule({ ...entry, query: { from: 'someday', to: 'x' } }),
      '"nightly"',
      'query.from must be a date, YYYY-MM-DD; query.to must be a date, YYYY-MM-DD',
    );
  });

  it('refuses two schedules of one name, and a file that is not a schedules file, in one line', () => {
    oneLineNaming(
      () => parseSchedules({ schedules: [entry, entry] }),
      '"nightly"',
      'another entry has the same name',
    );
    expect(() => parseSchedules({ schedule: [entry] })).toThrow(
      'config/report-schedules.json cannot be read: schedules required; schedule unknown field',
    );
    const file = join(work, 'schedules.json');
    writeFileSync(file, '{ "schedules": [');
    expect(() => readSchedules(file)).toThrow(SchedulesFileInvalid);
  });
});

describe('any report as a PDF', () => {
  const pages = async (bytes: Uint8Array) => {
    const file = join(work, `report-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
  };

  it('repeats the title, the zone and the generation time on every page, numbers the pages, and formats cells', async () => {
    const rows = Array.from({ length: 130 }, (_, index) => ({
      day: `2026-11-${String((index % 28) + 1).padStart(2, '0')}`,
      sku: `SKU-${index}`,
      title: index === 0 ? 'Żółta koszula — ünïcödé' : `Item ${index}`,
      units: 1000 + index,
      total: 123456 + index,
      currency: index === 1 ? 'JPY' : 'USD',
      at: '2026-11-23T17:45:12.345Z',
    }));
    const bytes = await renderReportPdf({
      title: 'Pending shipments',
      subtitle: ['2026-11-01 to 2026-11-23', 'Filters: channel amazon'],
      timeZone: 'America/New_York',
      generatedAt: '2026-11-23T22:10:00.000Z',
      sections: [
        {
          name: 'Age buckets',
          columns: [
            { header: 'Bucket', key: 'bucket' },
            { header: 'Orders', key: 'orders', type: 'number' },
          ],
          rows: [{ bucket: '0-1', orders: 12 }],
        },
        {
          name: 'Orders',
          columns: [
            { header: 'Day', key: 'day', type: 'date' },
            { header: 'SKU', key: 'sku', width: 12 },
            { header: 'Title', key: 'title', width: 30 },
            { header: 'Units', key: 'units', type: 'number' },
            { header: 'Total', key: 'total', type: 'money' },
            { header: 'At', key: 'at', type: 'datetime' },
          ],
          rows,
        },
        { name: 'Nothing here', columns: [{ header: 'SKU', key: 'sku' }], rows: [] },
      ],
    });
    const text = await pages(bytes);
    expect(text.length).toBeGreaterThan(2);
    text.forEach((page, index) => {
      expect(page).toContain('Pending shipments');
      expect(page).toContain('Generated 2026-11-23 22:10 UTC');
      expect(page).toContain('Days in America/New_York');
      expect(page).toContain(`Page ${index + 1} of ${text.length}`);
    });
    const all = text.join('\n');
    expect(all).toContain('Żółta koszula — ünïcödé');
    expect(all).toContain('USD 1,234.56');
    // Yen have no minor unit: 123457 yen.
    expect(all).toContain('JPY 123,457');
    expect(all).toContain('1,000');
    expect(all).toContain('2026-11-23 17:45 UTC');
    expect(all).toContain('Nothing here');
    expect(all).toContain('No rows.');
  });
});

describe('Excel sheets past the last row', () => {
  it('continue on "<name> (2)" with the header, frozen, filtered', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const rows = Array.from({ length: 7 }, (_, index) => ({ sku: `S${index}`, units: index }));
    const written = await writeWorkbook(
      output,
      [
        {
          name: 'Movements',
          columns: [
            { header: 'SKU', key: 'sku' },
            { header: 'Units', key: 'units', type: 'number' },
          ],
          rows,
        },
      ],
      { rowsPerSheet: 3 },
    );
    expect(written).toBe(7);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Movements',
      'Movements (2)',
      'Movements (3)',
    ]);
    const second = workbook.getWorksheet('Movements (2)')!;
    expect(second.getRow(1).values).toEqual([undefined, 'SKU', 'Units']);
    expect(second.getRow(2).values).toEqual([undefined, 'S3', 3]);
    expect(second.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(second.autoFilter).toBeTruthy();
    expect(workbook.getWorksheet('Movements (3)')!.rowCount).toBe(2);
  });

  it('names continuations within 31 characters', () => {
    expect(continuationName('A sheet name of thirty-one char', 12)).toBe('A sheet name of thirty-one (12)');
    expect(continuationName('A sheet name of thirty-one char', 12).length).toBeLessThanOrEqual(31);
  });
});

describe('the PDF fonts parsed once per process', () => {
  it('keep each document’s text layer whole, whatever glyphs other documents made first', async () => {
    const { fontkitParsingOnce, pdfFontBytes } = await import('../../shared/render/pdf-fonts');
    const bytes = await pdfFontBytes();
    // Another document's layout makes the bold "e" glyph without its character (as a substitution does).
    const parsed = Object.getPrototypeOf(fontkitParsingOnce.create(bytes.bold)) as {
      _cmapProcessor: { lookup(codePoint: number): number };
      getGlyph(id: number): unknown;
    };
    parsed.getGlyph(parsed._cmapProcessor.lookup(0x65));
    const file = join(work, 'fonts-shared.pdf');
    writeFileSync(
      file,
      await renderReportPdf({
        title: 'Pending shipments',
        subtitle: [],
        timeZone: 'UTC',
        generatedAt: '2026-11-24T01:00:00.000Z',
        sections: [{ name: 'Age buckets', columns: [{ header: 'Orders', key: 'orders' }], rows: [] }],
      }),
    );
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Pending shipments');
    expect(text).toContain('Age buckets');
  });
});
