/** The vendors flow a back-office user runs, over HTTP with real tokens. */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { warehouseItem } from '../../shared/warehouses/repository';
import { warehouse } from '../support/builders';
import { api } from '../support/http';

async function seedWarehouse() {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('e2eDynamoEndpoint'),
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const value = warehouse();
  await client.send(new PutCommand({ TableName: inject('e2eTableName'), Item: warehouseItem(value) }));
  client.destroy();
  return value;
}

describe('vendors over HTTP', () => {
  it('creates, lists, updates with If-Match, links a PO source, and deletes with its sources', async () => {
    const code = `E2E-${Date.now()}`;
    const created = await api('POST', '/v1/vendors', {
      role: 'operator',
      body: { code, name: 'End To End Supplies', currency: 'EUR', leadTimeDays: 12 },
      headers: { 'idempotency-key': `e2e-${code}` },
    });
    expect(created.status, created.text).toBe(201);
    const vendor = created.body;
    expect(created.headers.get('etag')).toBe('"1"');

    const listed = await api('GET', `/v1/vendors?code=${code}&sort=code`, { role: 'viewer' });
    expect(listed.body.items.map((v: { id: string }) => v.id)).toEqual([vendor.id]);

    const updated = await api('PUT', `/v1/vendors/${vendor.id}`, {
      role: 'operator',
      body: { code, name: 'End To End Supplies BV', currency: 'EUR' },
      headers: { 'if-match': '"1"' },
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('etag')).toBe('"2"');
    const stale = await api('PUT', `/v1/vendors/${vendor.id}`, {
      role: 'operator',
      body: { code, name: 'Late', currency: 'EUR' },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);

    const site = await seedWarehouse();
    const warehouses = await api('GET', '/v1/vendors/po-sources/warehouses?limit=200', { role: 'viewer' });
    expect(warehouses.body.items.map((w: { id: string }) => w.id)).toContain(site.id);
    const source = await api('POST', '/v1/vendors/po-sources', {
      role: 'operator',
      body: {
        vendorId: vendor.id,
        sku: 'E2E-SKU',
        unitCost: { amount: 420, currency: 'EUR' },
        warehouseId: site.id,
      },
    });
    expect(source.status, source.text).toBe(201);

    const refused = await api('DELETE', `/v1/vendors?ids=${vendor.id}`, { role: 'manager' });
    expect(refused.status).toBe(409);
    expect(refused.body.poSourceIds).toEqual([source.body.id]);
    const deleted = await api('DELETE', '/v1/vendors', {
      role: 'manager',
      body: { ids: [vendor.id], withPoSources: true },
    });
    expect(deleted.body).toEqual({ deleted: [vendor.id], deletedPoSources: [source.body.id] });
    expect((await api('GET', `/v1/vendors/${vendor.id}`, { role: 'viewer' })).status).toBe(404);
  });
});
