import { describe, expect, it } from 'vitest';
import { alertSettingsKey } from '../../shared/db/keys';
import { call } from '../support/call';
import { storedItem } from '../support/inventory-builders';

const path = '/v1/inventory/alert-settings';

const settings = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  lookBackDays: 60,
  defaultLeadTimeDays: 10,
  defaultSafetyDays: 5,
  recipients: ['buyer@example.com', 'ops@example.com'],
  ...overrides,
});

// Tests run in order on this file's own table: the first one sees the settings never written.
describe('alert settings', () => {
  it('answers the defaults at version 0 before the first write', async () => {
    const read = await call({ method: 'GET', path, role: 'viewer' });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      enabled: false,
      lookBackDays: 30,
      defaultLeadTimeDays: 7,
      defaultSafetyDays: 3,
      recipients: [],
      version: 0,
      updatedAt: null,
    });
    expect(read.headers.etag).toBe('"0"');
  });

  it('replaces them with If-Match (412 when stale), filling omitted fields with defaults', async () => {
    const first = await call({ method: 'PUT', path, body: settings(), headers: { 'if-match': '"0"' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ ...settings(), version: 1, updatedAt: expect.any(String) });
    expect(first.headers.etag).toBe('"1"');
    expect(await call({ method: 'GET', path }).then((r) => r.body)).toEqual(first.body);

    const stale = await call({ method: 'PUT', path, body: settings(), headers: { 'if-match': '"0"' } });
    expect(stale.status).toBe(412);
    expect(stale.body.currentVersion).toBe(1);

    const partial = await call({
      method: 'PUT',
      path,
      body: { enabled: true },
      headers: { 'if-match': '"1"' },
    });
    expect(partial.body).toMatchObject({ enabled: true, lookBackDays: 30, recipients: [], version: 2 });
    const unconditional = await call({ method: 'PUT', path, body: settings({ lookBackDays: 14 }) });
    expect(unconditional.body).toMatchObject({ lookBackDays: 14, version: 3 });
    const item = await storedItem(alertSettingsKey());
    expect(item).toMatchObject({ entity: 'alert-settings', version: 3 });

    // The same settings again change nothing: the same version and time, nothing written.
    const again = await call({ method: 'PUT', path, body: settings({ lookBackDays: 14 }) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(unconditional.body);
    expect(again.headers.etag).toBe('"3"');
    expect(await storedItem(alertSettingsKey())).toEqual(item);
  });

  it('validates every field, naming it', async () => {
    const response = await call({
      method: 'PUT',
      path,
      body: {
        enabled: 'yes',
        lookBackDays: 0,
        defaultLeadTimeDays: 1.5,
        defaultSafetyDays: 400,
        recipients: ['not-an-email'],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'body.defaultLeadTimeDays',
      'body.defaultSafetyDays',
      'body.enabled',
      'body.lookBackDays',
      'body.recipients[0]',
    ]);
    const repeated = await call({
      method: 'PUT',
      path,
      body: settings({ recipients: ['a@example.com', 'A@example.com'] }),
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors).toEqual([
      { path: 'body.recipients', message: 'must not list an address twice' },
    ]);
  });

  it('needs the manager role to change them', async () => {
    expect((await call({ method: 'PUT', path, body: settings(), role: 'operator' })).status).toBe(403);
  });

  it('lets exactly one of concurrent replacements with the same If-Match win', async () => {
    const current = (await call({ method: 'GET', path })).body.version;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call({
          method: 'PUT',
          path,
          body: settings({ lookBackDays: 20 + i }),
          headers: { 'if-match': `"${current}"` },
        }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(5);
    const winner = results.find((result) => result.status === 200)!;
    expect((await call({ method: 'GET', path })).body).toEqual(winner.body);
  });
});
