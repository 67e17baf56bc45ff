import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from '../../shared/files/content-disposition';
import { exportKey, exportsPrefix } from '../../shared/files/keys';
import { linkExpirySeconds, maxLinkSeconds } from '../../shared/files/link-expiry';
import {
  asFileStorageFailure,
  FileStorageUnavailable,
  isFileStorageOutage,
} from '../../shared/files/unavailable';
import { storageFailureKind } from '../../shared/db/errors';
import { problemResponse } from '../../shared/http/problem';
import { moneyFormat } from '../../shared/render/xlsx';

const id = '01JD0000000000000000000000';

describe('exportKey', () => {
  it('files an export under exports/<kind>/<yyyy>/<mm>/<dd>/<id>.<ext>, by UTC day', () => {
    // 23:30 on 31 December at UTC-2 is already 1 January in UTC.
    const at = new Date('2026-12-31T23:30:00-02:00');
    expect(exportKey({ kind: 'low-stock', id, extension: 'xlsx', at })).toBe(
      `exports/low-stock/2027/01/01/${id}.xlsx`,
    );
    expect(exportKey({ kind: 'shipments', id, extension: 'pdf' }).startsWith(exportsPrefix)).toBe(true);
  });

  it.each([
    ['a kind with a path', { kind: '../orders', id, extension: 'xlsx' }],
    ['a kind with capitals', { kind: 'LowStock', id, extension: 'xlsx' }],
    ['an empty kind', { kind: '', id, extension: 'xlsx' }],
    ['an id that is not a ULID', { kind: 'shipments', id: 'Łódź.xlsx', extension: 'xlsx' }],
    ['a lowercase ULID', { kind: 'shipments', id: id.toLowerCase(), extension: 'xlsx' }],
    ['an unknown extension', { kind: 'shipments', id, extension: 'exe' }],
    ['an invalid date', { kind: 'shipments', id, extension: 'xlsx', at: new Date('nope') }],
  ])('refuses %s', (_name, input) => {
    expect(() => exportKey(input as Parameters<typeof exportKey>[0])).toThrow(RangeError);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII name as it is, twice', () => {
    expect(attachmentDisposition('low-stock 2026-11.xlsx')).toBe(
      `attachment; filename="low-stock 2026-11.xlsx"; filename*=UTF-8''low-stock%202026-11.xlsx`,
    );
  });

  it('keeps a non-ASCII name exactly in filename* (RFC 8187) and an ASCII fallback in filename', () => {
    const header = attachmentDisposition('Łódź – zamówienia.xlsx');
    expect(header).toBe(
      `attachment; filename="_odz _ zamowienia.xlsx"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA%20%E2%80%93%20zam%C3%B3wienia.xlsx`,
    );
    expect(/^[\x20-\x7e]*$/.test(header), 'an ASCII-only header').toBe(true);
    const encoded = /filename\*=UTF-8''(.*)$/.exec(header)![1]!;
    expect(decodeURIComponent(encoded)).toBe('Łódź – zamówienia.xlsx');
  });

  it('normalises to NFC, so a decomposed name encodes like a composed one', () => {
    expect(attachmentDisposition('Lo\u0301dz.pdf')).toBe(attachmentDisposition('Lódz.pdf'));
  });

  it('percent-encodes what RFC 8187 attr-char leaves out, and no quote or separator survives', () => {
    const header = attachmentDisposition(`it's (a) "re*port"/..\\x.xlsx`);
    expect(header).toBe(
      `attachment; filename="it's (a) _re_port__.._x.xlsx"; filename*=UTF-8''it%27s%20%28a%29%20_re_port__.._x.xlsx`,
    );
  });

  it('turns control characters into _ and refuses a name with nothing left', () => {
    expect(safeFileName('a\r\nb.csv')).toBe('a__b.csv');
    expect(() => attachmentDisposition('  ')).toThrow(RangeError);
    expect(() => attachmentDisposition('..')).toThrow(RangeError);
  });
});

describe('linkExpirySeconds', () => {
  it('defaults to 15 minutes', () => {
    expect(maxLinkSeconds).toBe(900);
    expect(linkExpirySeconds(undefined)).toBe(900);
  });

  it('takes 1 to 900 whole seconds', () => {
    expect(linkExpirySeconds(1)).toBe(1);
    expect(linkExpirySeconds(60)).toBe(60);
    expect(linkExpirySeconds(900)).toBe(900);
  });

  it.each([901, 3600, 0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (seconds) => {
    expect(() => linkExpirySeconds(seconds)).toThrow(RangeError);
  });
});

describe('moneyFormat', () => {
  it('shows as many decimals as the currency has', () => {
    expect(moneyFormat(0)).toBe('#,##0');
    expect(moneyFormat(2)).toBe('#,##0.00');
    expect(moneyFormat(3)).toBe('#,##0.000');
  });
});

describe('S3 outages (unavailable.ts)', () => {
  const sdkError = (name: string, status?: number, code?: string) =>
    Object.assign(new Error(name), {
      name,
      ...(code ? { code } : {}),
      $metadata: { httpStatusCode: status },
    });

  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['a timeout', sdkError('TimeoutError')],
    ['S3 timing the request out', sdkError('RequestTimeout', 400)],
    ['an internal error', sdkError('InternalError', 500)],
    ['slow down', sdkError('SlowDown', 503)],
    ['any 5xx', sdkError('Unknown', 502)],
    ['the bucket taken away', sdkError('NoSuchBucket', 404)],
  ])('takes %s for an outage, thrown as FileStorageUnavailable', (_what, error) => {
    expect(isFileStorageOutage(error)).toBe(true);
    const thrown = asFileStorageFailure(error, 'store labels/x.pdf');
    expect(thrown).toBeInstanceOf(FileStorageUnavailable);
    expect(thrown).toMatchObject({ cause: error, retryAfterSeconds: expect.any(Number) });
  });

  it.each([
    ['a missing key', sdkError('NoSuchKey', 404)],
    ['a refused grant', sdkError('AccessDenied', 403)],
    ['a bad request', sdkError('InvalidArgument', 400)],
    ['a producer’s own failure', new RangeError('column "total" (money) cannot show "ten"')],
  ])('passes %s on as it is', (_what, error) => {
    expect(isFileStorageOutage(error)).toBe(false);
    expect(asFileStorageFailure(error, 'store labels/x.pdf')).toBe(error);
  });

  it('is answered 503 with Retry-After, and never taken for the database by the retry policy', () => {
    const outage = new FileStorageUnavailable('store labels/x.pdf');
    expect(storageFailureKind(outage)).toBeUndefined();
    const response = problemResponse(outage, 'corr-1');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(outage.retryAfterSeconds));
    expect(JSON.parse(response.body).detail).toMatch(/^File storage is unreachable/);
  });
});
