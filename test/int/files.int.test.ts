/**
 * shared/files and shared/render/xlsx against the S3 emulator: a streamed workbook read back cell by
 * cell with a second reader, stored headers, presigned URLs fetched and their signatures verified
 * (s3rver does not verify them, DESIGN §6), multipart uploads and their abort on failure.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filesBucket, s3 } from '../../shared/files/s3/client';
import { attachmentDisposition } from '../../shared/files/content-disposition';
import { exportKey } from '../../shared/files/keys';
import { presignedGetUrl } from '../../shared/files/presigned-url';
import { putStream } from '../../shared/files/put-stream';
import { newId } from '../../shared/ids';
import type { SheetColumn } from '../../shared/render/xlsx';
import { writeWorkbook } from '../../shared/render/xlsx';
import { verifyPresignedUrl } from '../support/presigned-url';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every S3 command the shared client sends, by name. */
const commands: string[] = [];
s3().middlewareStack.add(
  (next, context) => async (args) => {
    commands.push(String(context.commandName));
    return next(args);
  },
  { step: 'initialize', name: 'recordCommands' },
);
beforeEach(() => {
  commands.length = 0;
});

async function stored(key: string) {
  const object = await s3().send(new GetObjectCommand({ Bucket: filesBucket(), Key: key }));
  return {
    bytes: Buffer.from(await object.Body!.transformToByteArray()),
    contentType: object.ContentType,
    contentDisposition: object.ContentDisposition,
    contentLength: object.ContentLength,
  };
}

async function absent(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: filesBucket(), Key: key }));
    return false;
  } catch (error) {
    if ((error as Error).name === 'NotFound') return true;
    throw error;
  }
}

const amzDate = (at: Date) => at.toISOString().replace(/[-:]|\.\d{3}/g, '');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const rowCount = 3000;
const cities = ['Łódź', 'Zürich', 'São Paulo', 'Reykjavík', '東京'];
const orderedAt = (i: number) => new Date(Date.UTC(2026, 10, 1, 8, 30, 0) + i * 60_000);
const shipDay = (i: number) => `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`;
/** Every fifth order in yen (no decimals), the rest in dollars. */
const currency = (i: number) => (i % 5 === 4 ? 'JPY' : 'USD');

/** Orders as a repository would yield them: pages, with I/O between them. */
async function* orders() {
  for (let i = 0; i < rowCount; i++) {
    if (i % 500 === 0) await nextTurn();
    yield {
      number: `SO-${String(i + 1).padStart(5, '0')}`,
      city: cities[i % cities.length],
      orderedAt: orderedAt(i).toISOString(),
      shipDay: shipDay(i),
      quantity: (i % 7) + 1,
      total: 100_000 + i * 137,
      currency: currency(i),
      note: i === 0 ? '=HYPERLINK("http://example.com")' : undefined,
    };
  }
}

const columns: SheetColumn[] = [
  { header: 'Order', key: 'number' },
  { header: 'City', key: 'city' },
  { header: 'Ordered (UTC)', key: 'orderedAt', type: 'datetime' },
  { header: 'Ship day', key: 'shipDay', type: 'date' },
  { header: 'Quantity', key: 'quantity', type: 'number' },
  { header: 'Total', key: 'total', type: 'money' },
  { header: 'Currency', key: 'currency', width: 11 },
  { header: 'Note', key: 'note' },
];

describe('a streamed workbook in S3', () => {
  const key = exportKey({ kind: 'orders', id: newId(), extension: 'xlsx' });
  const fileName = 'Łódź – zamówienia 2026-11.xlsx';
  let written = 0;
  let uploadCommands: string[] = [];
  let result: { key: string; bytes: number };
  let workbook: ExcelJS.Workbook;
  let object: Awaited<ReturnType<typeof stored>>;

  beforeAll(async () => {
    result = await putStream({
      key,
      contentType: xlsxType,
      fileName,
      body: async (output) => {
        written = await writeWorkbook(output, [
          { name: 'Orders', columns, rows: orders() },
          {
            name: 'Summary',
            columns: [
              { header: 'Currency', key: 'currency' },
              { header: 'Orders', key: 'orders', type: 'number' },
            ],
            rows: [
              { currency: 'USD', orders: 2400 },
              { currency: 'JPY', orders: 600 },
            ],
          },
        ]);
      },
    });
    uploadCommands = [...commands];
    object = await stored(key);
    workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(object.bytes as unknown as ExcelJS.Buffer);
  });

  it('answers the key and the size stored, and sent one PutObject (smaller than a part)', () => {
    expect(result).toEqual({ key, bytes: object.bytes.length });
    expect(object.contentLength).toBe(result.bytes);
    expect(written).toBe(rowCount + 2);
    expect(uploadCommands).toEqual(['PutObjectCommand']);
  });

  it('stores the content type and the attachment disposition as given', () => {
    expect(object.contentType).toBe(xlsxType);
    expect(object.contentDisposition).toBe(attachmentDisposition(fileName));
    expect(object.contentDisposition).toContain(
      `filename*=UTF-8''${encodeURIComponent('Łódź')}%20%E2%80%93%20`,
    );
  });

  it('has the sheets, a bold frozen header row and every row', () => {
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Orders', 'Summary']);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(rowCount + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, ...columns.map((column) => column.header)]);
    for (let col = 1; col <= columns.length; col++) {
      expect(sheet.getRow(1).getCell(col).font?.bold, `header cell ${col} bold`).toBe(true);
    }
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(7).width).toBe(11);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getSheetValues().slice(1)).toEqual([
      [undefined, 'Currency', 'Orders'],
      [undefined, 'USD', 2400],
      [undefined, 'JPY', 600],
    ]);
  });

  it('reads back every kind of cell as written', () => {
    const sheet = workbook.getWorksheet('Orders')!;
    for (const i of [0, 1, 4, 1234, rowCount - 1]) {
      const row = sheet.getRow(i + 2);
      const at = `row ${i + 2}`;
      expect(row.getCell(1).value, at).toBe(`SO-${String(i + 1).padStart(5, '0')}`);
      expect(row.getCell(2).value, at).toBe(cities[i % cities.length]);
      expect(row.getCell(3).value, at).toEqual(orderedAt(i));
      expect(row.getCell(3).numFmt, at).toBe('yyyy-mm-dd hh:mm:ss');
      expect(row.getCell(4).value, at).toEqual(new Date(`${shipDay(i)}T00:00:00Z`));
      expect(row.getCell(4).numFmt, at).toBe('yyyy-mm-dd');
      expect(row.getCell(5).value, at).toBe((i % 7) + 1);
      const minor = 100_000 + i * 137;
      if (currency(i) === 'JPY') {
        expect(row.getCell(6).value, at).toBe(minor);
        expect(row.getCell(6).numFmt, at).toBe('#,##0');
      } else {
        expect(row.getCell(6).value, at).toBe(minor / 100);
        expect(row.getCell(6).numFmt, at).toBe('#,##0.00');
      }
      expect(row.getCell(7).value, at).toBe(currency(i));
    }
    // Text that looks like a formula stays text.
    expect(sheet.getRow(2).getCell(8).value).toBe('=HYPERLINK("http://example.com")');
    expect(sheet.getRow(2).getCell(8).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).getCell(8).value).toBeNull();
    expect(sheet.getRow(2).getCell(2).value).toBe('Łódź');
  });

  it('serves the same bytes through a presigned URL, under the download name', async () => {
    const before = Date.now();
    const link = await presignedGetUrl(key, { fileName, contentType: xlsxType, expiresInSeconds: 300 });
    const expiresAt = Date.parse(link.expiresAt);
    expect(link.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 300_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 300_000);

    const response = await fetch(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(attachmentDisposition(fileName));
    expect(response.headers.get('content-type')).toBe(xlsxType);
    expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(sha256(object.bytes));

    const check = await verifyPresignedUrl(link.url);
    expect(check.valid).toBe(true);
    expect(check.expiresAt.toISOString().replace('.000Z', 'Z')).toBe(link.expiresAt);
  });

  it('defaults to 15 minutes and refuses longer', async () => {
    const now = new Date('2026-11-20T10:00:00.750Z');
    const link = await presignedGetUrl(key, { now });
    expect(link.expiresAt).toBe('2026-11-20T10:15:00Z');
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('900');
    await expect(presignedGetUrl(key, { expiresInSeconds: 901 })).rejects.toThrow(RangeError);
    await expect(presignedGetUrl(key, { expiresInSeconds: 3600 })).rejects.toThrow(RangeError);
  });

  it('is refused by S3 once expired', async () => {
    const link = await presignedGetUrl(key, { now: new Date(Date.now() - 120_000), expiresInSeconds: 60 });
    expect((await verifyPresignedUrl(link.url)).valid).toBe(true);
    const response = await fetch(link.url);
    expect(response.status).toBe(403);
    await response.arrayBuffer();
  });

  it('fails verification when the key, the expiry, the date or the secret is not the signed one', async () => {
    const link = await presignedGetUrl(key, { fileName, expiresInSeconds: 60 });
    const otherKey = new URL(link.url);
    otherKey.pathname = otherKey.pathname.replace(/[^/]+\.xlsx$/, `${newId()}.xlsx`);
    const longer = new URL(link.url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    const otherName = new URL(link.url);
    otherName.searchParams.set('response-content-disposition', attachmentDisposition('evil.exe'));
    const later = new URL(link.url);
    const signedAt = (await verifyPresignedUrl(link.url)).signedAt;
    later.searchParams.set('X-Amz-Date', amzDate(new Date(signedAt.getTime() + 1000)));

    for (const tampered of [otherKey, longer, otherName, later]) {
      expect((await verifyPresignedUrl(tampered.href)).valid, tampered.href).toBe(false);
    }
    expect(
      (await verifyPresignedUrl(link.url, { accessKeyId: 'S3RVER', secretAccessKey: 'other' })).valid,
    ).toBe(false);
    // The emulator serves the tampered expiry all the same: only the check above catches it.
    const served = await fetch(longer.href);
    expect(served.status).toBe(200);
    await served.arrayBuffer();
  });
});

describe('putStream', () => {
  const mib = 1024 * 1024;

  /** `size` bytes of a repeatable pattern, in 64 KiB chunks. */
  function pattern(size: number): { stream: Readable; digest: () => string } {
    const hash = createHash('sha256');
    function* chunks() {
      for (let offset = 0; offset < size; offset += 64 * 1024) {
        const chunk = Buffer.alloc(Math.min(64 * 1024, size - offset), offset % 251);
        hash.update(chunk);
        yield chunk;
      }
    }
    return { stream: Readable.from(chunks()), digest: () => hash.digest('hex') };
  }

  it('uploads a Readable larger than a part as a multipart upload, byte for byte', async () => {
    const key = exportKey({ kind: 'bytes', id: newId(), extension: 'csv' });
    const body = pattern(12 * mib + 12_345);
    const result = await putStream({ key, contentType: 'text/csv', fileName: 'big.csv', body: body.stream });
    expect(result).toEqual({ key, bytes: 12 * mib + 12_345 });
    expect(commands).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    const object = await stored(key);
    expect(object.contentLength).toBe(result.bytes);
    expect(sha256(object.bytes)).toBe(body.digest());
    expect(object.contentType).toBe('text/csv');
    expect(object.contentDisposition).toBe(`attachment; filename="big.csv"; filename*=UTF-8''big.csv`);
  });

  it('aborts the multipart upload when the producer fails, and stores nothing', async () => {
    const key = exportKey({ kind: 'bytes', id: newId(), extension: 'csv' });
    const failure = new Error('the query failed');
    await expect(
      putStream({
        key,
        contentType: 'text/csv',
        fileName: 'broken.csv',
        body: async (output) => {
          for (let i = 0; i < 7 * 16; i++) {
            if (!output.write(Buffer.alloc(64 * 1024, i))) {
              await new Promise((resolve) => output.once('drain', resolve));
            }
          }
          // Let the first part go out, so there is an upload to abort.
          while (!commands.includes('UploadPartCommand')) await nextTurn();
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
    expect(commands).toContain('CreateMultipartUploadCommand');
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(commands).not.toContain('CompleteMultipartUploadCommand');
    expect(await absent(key)).toBe(true);
  });

  it('fails on a value a column cannot show, and stores nothing', async () => {
    const key = exportKey({ kind: 'orders', id: newId(), extension: 'xlsx' });
    async function* rows() {
      yield { total: 100, currency: 'USD' };
      yield { total: 'ten', currency: 'USD' };
    }
    await expect(
      putStream({
        key,
        contentType: xlsxType,
        fileName: 'broken.xlsx',
        body: (output) =>
          writeWorkbook(output, [
            { name: 'Orders', columns: [{ header: 'Total', key: 'total', type: 'money' }], rows: rows() },
          ]),
      }),
    ).rejects.toThrow(/column "total" \(money\) cannot show "ten"/);
    expect(commands).not.toContain('PutObjectCommand');
    expect(await absent(key)).toBe(true);
  });

  it('fails when S3 refuses the upload, and destroys the body', async () => {
    const previous = process.env.EXPORTS_BUCKET;
    process.env.EXPORTS_BUCKET = 'no-such-bucket';
    const body = pattern(11 * mib).stream;
    try {
      await expect(
        putStream({
          key: exportKey({ kind: 'bytes', id: newId(), extension: 'csv' }),
          contentType: 'text/csv',
          fileName: 'x.csv',
          body,
        }),
      ).rejects.toMatchObject({ name: 'FileStorageUnavailable', cause: { name: 'NoSuchBucket' } });
      expect(body.destroyed).toBe(true);
    } finally {
      process.env.EXPORTS_BUCKET = previous;
    }
  });
});
