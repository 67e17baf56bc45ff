/**
 * Report files over HTTP through the local gateway with real tokens: each download's 302 followed to the
 * file, and an export's URL fetched, every file read back (exceljs for workbooks, pdftotext for PDFs).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../support/http';

const work = mkdtempSync(join(tmpdir(), 'report-exports-e2e-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function follow(location: string | null) {
  expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  const file = await fetch(location!);
  expect(file.status).toBe(200);
  return { type: file.headers.get('content-type'), bytes: Buffer.from(await file.arrayBuffer()) };
}

const pdfText = (bytes: Buffer) => {
  const file = join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

async function workbook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

describe('report files, end to end', () => {
  it('follows the pending-shipments PDF download to the file', async () => {
    const answer = await api('GET', '/v1/reports/pending-shipments/pdf', { role: 'viewer' });
    expect(answer.status, answer.text).toBe(302);
    const file = await follow(answer.headers.get('location'));
    expect(file.type).toBe('application/pdf');
    const text = pdfText(file.bytes);
    expect(text).toContain('Pending shipments');
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('follows the low-stock download to a workbook with the draft purchase order', async () => {
    const answer = await api('GET', '/v1/reports/inventory/low-stock/download', { role: 'viewer' });
    expect(answer.status, answer.text).toBe(302);
    const file = await follow(answer.headers.get('location'));
    const book = await workbook(file.bytes);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Low stock',
      'Draft purchase order',
      'How it was figured',
    ]);
  });

  it('exports a report to Excel and to PDF and reads both files by their URLs', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const excel = await api('POST', '/v1/reports/exports/excel', {
      role: 'viewer',
      body: { report: 'sales-daily', query: { from: today, to: today } },
    });
    expect(excel.status, excel.text).toBe(201);
    const sheet = (await workbook((await follow(excel.body.url)).bytes)).getWorksheet('Days')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Day');
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);

    const pdf = await api('POST', '/v1/reports/exports/pdf', {
      role: 'viewer',
      body: { report: 'stock-levels', query: {} },
    });
    expect(pdf.status, pdf.text).toBe(201);
    expect(pdfText((await follow(pdf.body.url)).bytes)).toMatch(/Page 1 of \d+/);
  });

  it('refuses an export without a token, and an unknown report', async () => {
    expect((await api('POST', '/v1/reports/exports/excel', { body: { report: 'sales-daily' } })).status).toBe(
      401,
    );
    const unknown = await api('POST', '/v1/reports/exports/excel', {
      role: 'viewer',
      body: { report: 'nope' },
    });
    expect(unknown.status).toBe(400);
  });
});
