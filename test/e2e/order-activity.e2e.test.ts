/** Order activity as a back-office user runs it, over HTTP with real tokens: tracking, notes, history, export. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http';
import { orderId, orderInput, orderLine } from '../support/order-builders';
import { verifyPresignedUrl } from '../support/presigned-url';

const shipDate = '2026-03-14';

describe('order activity over HTTP', () => {
  it('enters a tracking number, notes it, reads the history, exports the shipments and downloads the file', async () => {
    const id = orderId();
    const created = await api('PUT', `/v1/orders/${id}`, {
      role: 'operator',
      body: orderInput({
        lines: [orderLine({ itemId: 'L1', quantity: 2 }), orderLine({ itemId: 'L2', quantity: 1 })],
      }),
    });
    expect(created.status, created.text).toBe(201);

    const shipped = await api('POST', `/v1/orders/${id}/tracking`, {
      role: 'operator',
      body: {
        carrier: 'Royal Mail',
        service: 'Tracked 24',
        trackingNumber: 'RM123456789GB',
        shipDate,
        lines: [{ itemId: 'L1', quantity: 2 }],
      },
      headers: { 'idempotency-key': `e2e-ship-${id}` },
    });
    expect(shipped.status, shipped.text).toBe(201);
    const tracking = await api('GET', `/v1/orders/${id}/tracking`, { role: 'viewer' });
    expect(tracking.body.items).toEqual([shipped.body]);
    expect((await api('GET', `/v1/orders/${id}`, { role: 'viewer' })).body.fulfillmentState).toBe(
      'partially_shipped',
    );

    const note = await api('POST', `/v1/orders/${id}/notes`, {
      role: 'operator',
      body: { text: 'Customer called:\nleave at the back door.' },
    });
    expect(note.status, note.text).toBe(201);
    expect((await api('GET', `/v1/orders/${id}/notes`, { role: 'viewer' })).body.items[0].text).toBe(
      'Customer called:\nleave at the back door.',
    );
    const fulfillment = await api('GET', `/v1/orders/${id}/fulfillment-history`, { role: 'viewer' });
    expect(fulfillment.body.items[0].summary).toContain('Shipped 2 units by Royal Mail Tracked 24');
    const all = await api('GET', `/v1/orders/${id}/history?limit=1`, { role: 'viewer' });
    expect(all.body.items).toHaveLength(1);
    expect(all.body.nextCursor).toEqual(expect.any(String));

    const totals = await api(
      'GET',
      `/v1/orders/shipments/totals?from=${shipDate}&to=${shipDate}&carrier=royal mail`,
      {
        role: 'viewer',
      },
    );
    expect(totals.body).toMatchObject({ shipments: 1, packages: 1 });

    const exported = await api('POST', '/v1/orders/shipments/export', {
      role: 'viewer',
      body: { from: shipDate, to: shipDate, carrier: 'Royal Mail' },
    });
    expect(exported.status, exported.text).toBe(201);
    expect(exported.body.rowCount).toBe(1);
    expect((await verifyPresignedUrl(exported.body.url)).valid).toBe(true);
    const download = await fetch(exported.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('shipments 2026-03-14 to 2026-03-14.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.getWorksheet('Shipments')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe(id);
    expect(sheet.getRow(2).getCell(8).value).toBe('RM123456789GB');

    // The emulator serves any URL; the signature is checked here: a changed key or expiry does not verify.
    for (const [name, value] of [
      ['X-Amz-Expires', '604800'],
      ['X-Amz-Date', '20991231T000000Z'],
    ] as const) {
      const tampered = new URL(exported.body.url);
      tampered.searchParams.set(name, value);
      expect((await verifyPresignedUrl(tampered.toString())).valid, name).toBe(false);
    }
    const otherFile = new URL(exported.body.url);
    otherFile.pathname = otherFile.pathname.replace(/[^/]+\.xlsx$/, '01ARZ3NDEKTSV4RRFFQ69G5FAV.xlsx');
    expect((await verifyPresignedUrl(otherFile.toString())).valid).toBe(false);

    const removed = await api('DELETE', `/v1/orders/${id}/tracking/${shipped.body.id}`, { role: 'manager' });
    expect(removed.status, removed.text).toBe(204);
    expect((await api('GET', `/v1/orders/${id}`, { role: 'viewer' })).body.fulfillmentState).toBe(
      'unshipped',
    );
    expect(
      (await api('GET', `/v1/orders/shipments/totals?from=${shipDate}&to=${shipDate}`, { role: 'viewer' }))
        .body.shipments,
    ).toBe(0);
  });
});
