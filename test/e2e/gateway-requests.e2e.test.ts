/**
 * Requests the local gateway must refuse before any function runs, over real HTTP: repeated
 * Authorization headers, and a request head too large for the HTTP parser.
 */
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { gatewayMaxHeadBytes } from '../../infra/local/gateway';
import { token } from '../support/http';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** node:http, not fetch: it can send a header twice (an array value is one line each). */
function send(path: string, headers: Record<string, string | string[]>): Promise<RawResponse> {
  const url = new URL(path, inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('two Authorization headers', () => {
  it('are refused with API Gateway’s 401, even when the first is a valid token', async () => {
    const valid = `Bearer ${await token('manager')}`;
    const alone = await send('/v1/vendors?limit=1', { authorization: valid });
    expect(alone.status).toBe(200);

    for (const pair of [
      [valid, `Bearer ${await token('viewer')}`],
      [valid, valid],
      [valid, 'Bearer not-a-token'],
    ]) {
      const response = await send('/v1/vendors?limit=1', { authorization: pair });
      expect(response.status).toBe(401);
      expect(JSON.parse(response.text)).toEqual({ message: 'Unauthorized' });
      expect(response.headers['www-authenticate']).toContain('error="invalid_request"');
    }
  });
});

describe('a request head over the parser’s limit', () => {
  it('answers a 100 KB query string with a 414 problem document', async () => {
    const response = await send(`/v1/vendors?name=${'a'.repeat(100 * 1024)}`, {
      authorization: `Bearer ${await token('viewer')}`,
    });
    expect(response.status).toBe(414);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(response.text)).toEqual({
      type: expect.stringContaining('uri-too-long'),
      title: 'URI Too Long',
      status: 414,
      detail: expect.stringContaining(`${gatewayMaxHeadBytes / 1024} KiB`),
    });
  });

  it('answers header fields over the limit with a 431 problem document', async () => {
    const response = await send('/v1/vendors?limit=1', {
      authorization: `Bearer ${await token('viewer')}`,
      'x-padding': 'a'.repeat(100 * 1024),
    });
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(response.text)).toMatchObject({
      title: 'Request Header Fields Too Large',
      status: 431,
    });
  });

  it('keeps serving afterwards', async () => {
    const response = await send('/v1/vendors?limit=1', { authorization: `Bearer ${await token('viewer')}` });
    expect(response.status).toBe(200);
  });
});
