import { describe, expect, it } from 'vitest';
import { call } from '../support/call';

// Handlers read the configured UI origins when they load; this file's handlers load after this line.
process.env.CORS_ORIGINS = 'https://backoffice.example.com,https://staging.example.com';

describe('CORS for the configured UI origins', () => {
  it('allows a configured origin and exposes the headers the UI reads', async () => {
    const response = await call({
      method: 'GET',
      path: '/v1/vendors?limit=1',
      headers: { origin: 'https://staging.example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('https://staging.example.com');
    expect(response.headers['access-control-expose-headers']).toContain('etag');
  });

  it('says nothing to an origin that is not configured, errors included', async () => {
    const response = await call({
      method: 'GET',
      path: '/v1/vendors/nope',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(400);
    expect(response.headers['access-control-allow-origin'] ?? '').toBe('');
  });

  it('adds the headers to problem documents for a configured origin', async () => {
    const response = await call({
      method: 'GET',
      path: '/v1/vendors/nope',
      headers: { origin: 'https://backoffice.example.com' },
    });
    expect(response.status).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe('https://backoffice.example.com');
  });
});
