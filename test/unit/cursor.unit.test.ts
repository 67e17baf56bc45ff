import { describe, expect, it } from 'vitest';
import { InvalidCursor, decodeCursor, encodeCursor } from '../../shared/db/cursor';

const key = { PK: 'VENDOR#1', SK: 'VENDOR', GSI1PK: 'VENDORS', GSI1SK: 'NAME#acme#1' };

describe('cursors', () => {
  it('round-trip within their listing', () => {
    const cursor = encodeCursor(key, 'vendors:{}')!;
    expect(decodeCursor(cursor, 'vendors:{}')).toEqual(key);
    expect(encodeCursor(undefined, 'vendors:{}')).toBeNull();
  });

  it('fail closed when tampered, truncated, re-scoped or garbage', () => {
    const cursor = encodeCursor(key, 'vendors:{}')!;
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ s: 'vendors:{}', k: { ...key, PK: 'VENDOR#2' } })).toString(
      'base64url',
    );
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${signature!.slice(1)}`,
      `${payload}`,
      `${payload}.${signature}.x`,
      'not-a-cursor',
      '',
    ]) {
      expect(() => decodeCursor(bad, 'vendors:{}'), bad).toThrow(InvalidCursor);
    }
    expect(() => decodeCursor(cursor, 'po-sources:{}')).toThrow(InvalidCursor);
  });
});
