/** The end-of-day manifest read back with poppler's pdftotext, as the driver and the warehouse read it. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestDocument, ManifestShipment } from '../../shared/render/manifest-pdf';
import { renderManifestPdf } from '../../shared/render/manifest-pdf';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'manifest-pdf-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function manifest(
  shipments: ManifestShipment[],
  overrides: Partial<ManifestDocument> = {},
): ManifestDocument {
  return {
    paperSize: 'letter',
    footerText: 'Acme Supplies Ltd · UPS account 12345 · Łódź warehouse questions: ops@example.com',
    manifestId: '01JD0000000000000000000000',
    carrier: 'UPS',
    warehouse: {
      code: 'LDZ1',
      name: 'Łódź fulfilment centre',
      address: { line1: 'ul. Przędzalniana 8', city: 'Łódź', postalCode: '90-034', country: 'PL' },
    },
    shipDate: '2026-11-23',
    closedAt: '2026-11-23T17:45:12.345Z',
    pickupReference: 'PRN-2026-884213',
    shipments,
    ...overrides,
  };
}

let files = 0;
/** The text of each page, laid out as printed. */
async function renderPages(document: ManifestDocument): Promise<string[]> {
  const file = join(work, `manifest-${(files += 1)}.pdf`);
  writeFileSync(file, await renderManifestPdf(document));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

const three: ManifestShipment[] = [
  {
    trackingNumber: '1Z999AA10123456784',
    orderReference: 'ORD-1001',
    service: 'Ground',
    packages: 1,
    weightGrams: 1250,
    cost: { amount: 1299, currency: 'USD' },
  },
  {
    trackingNumber: '1Z999AA10123456795',
    orderReference: 'ORD-1002',
    service: 'Next Day Air',
    packages: 3,
    weightGrams: 4005,
    cost: { amount: 4550, currency: 'USD' },
  },
  {
    trackingNumber: '1Z999AA10123456806',
    orderReference: 'ORD-1003',
    service: 'Worldwide Saver',
    packages: 2,
    weightGrams: 2500,
    cost: { amount: 9900, currency: 'EUR' },
  },
];

describe('renderManifestPdf', () => {
  it("lists its three shipments, the totals, the pickup reference and the driver's signature line", async () => {
    const pages = await renderPages(manifest(three));
    expect(pages).toHaveLength(1);
    const [text] = pages as [string];
    expect(text).toContain('END-OF-DAY MANIFEST');
    expect(text).toContain('Manifest 01JD0000000000000000000000');
    expect(text).toContain('LDZ1 · Łódź fulfilment centre');
    expect(text).toContain('ul. Przędzalniana 8, 90-034 Łódź');
    expect(text).toContain('Closed 2026-11-23 17:45 UTC');
    for (const shipment of three) {
      expect(text).toMatch(
        new RegExp(`${shipment.trackingNumber}\\s+${shipment.orderReference}\\s+${shipment.service}`),
      );
    }
    expect(text).toMatch(/Shipments\s+3$/m);
    expect(text).toMatch(/Packages\s+6$/m);
    // 1250 + 4005 + 2500 g = 7.755 kg, two decimals rounded half up.
    expect(text).toMatch(/Total weight\s+7\.76 kg$/m);
    expect(text).toMatch(/Cost \(EUR\)\s+EUR\s99\.00$/m);
    expect(text).toMatch(/Cost \(USD\)\s+USD\s58\.49$/m);
    expect(text).toContain('Pickup reference: PRN-2026-884213');
    expect(text).toContain('Driver signature');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Łódź warehouse questions');
  });

  it('shows only the columns its fields list (the tracking number always) and totals only for listed figures', async () => {
    const [text] = (await renderPages(manifest(three, { fields: ['service'] }))) as [string];
    expect(text).toMatch(/#\s+Tracking number\s+Service\s*$/m);
    for (const shipment of three) {
      expect(text).toMatch(new RegExp(`^\\s*\\d\\s+${shipment.trackingNumber}\\s+${shipment.service}$`, 'm'));
      expect(text).not.toContain(shipment.orderReference);
    }
    for (const gone of ['Pkgs', 'Weight', 'Packages', 'Total weight', ' kg', 'Cost', 'USD', 'EUR']) {
      expect(text).not.toContain(gone);
    }
    expect(text).toMatch(/Shipments\s+3$/m);
    // Without the package count the driver signs for the shipments.
    expect(text).toContain('Received by the driver of UPS: 3 shipments.');
    expect(text).toContain('Pickup reference: PRN-2026-884213');
    expect(text).toContain('Driver signature');
  });

  it('keeps the order, packages and cost without the service and weight', async () => {
    const [text] = (await renderPages(
      manifest(three, { fields: ['orderReference', 'packages', 'cost'] }),
    )) as [string];
    expect(text).toMatch(/#\s+Tracking number\s+Order\s+Pkgs\s+Cost\s*$/m);
    expect(text).toMatch(/1Z999AA10123456795\s+ORD-1002\s+3\s+USD\s45\.50$/m);
    expect(text).not.toContain('Next Day Air');
    expect(text).not.toMatch(/Weight|\d kg/);
    expect(text).toMatch(/Packages\s+6$/m);
    expect(text).toMatch(/Cost \(USD\)\s+USD\s58\.49$/m);
    expect(text).toContain('Received by the driver of UPS: 6 packages.');
  });

  it('counts one package in the singular', async () => {
    const [text] = (await renderPages(manifest([{ ...three[0]!, packages: 1 }]))) as [string];
    expect(text).toContain('Received by the driver of UPS: 1 package.');
  });

  it('prints every column and total for the default fields, as with none given', async () => {
    const all = await renderPages(
      manifest(three, { fields: ['orderReference', 'service', 'packages', 'weight', 'cost'] }),
    );
    expect(all).toEqual(await renderPages(manifest(three)));
    expect(all[0]).toMatch(/#\s+Tracking number\s+Order\s+Service\s+Pkgs\s+Weight\s+Cost/);
  });

  it('paginates a long day: both headers on every page, page x of y, every shipment once, totals at the end', async () => {
    const shipments = Array.from({ length: 130 }, (_, i) => ({
      trackingNumber: `JD0146000039${String(i).padStart(8, '0')}`,
      orderReference: `ORD-${String(i).padStart(5, '0')}`,
      service: 'Express',
      packages: 1,
      weightGrams: 1000,
    }));
    const pages = await renderPages(manifest(shipments, { paperSize: 'a4' }));
    expect(pages.length).toBeGreaterThan(2);
    const seen: string[] = [];
    pages.forEach((text, index) => {
      expect(text).toContain('END-OF-DAY MANIFEST');
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
      const rows = [...text.matchAll(/^\s*\d+\s+(JD\d{18})\s+ORD-\d{5}\s+Express\s+1\s+1\.00 kg\s*$/gm)];
      if (rows.length > 0)
        expect(text).toMatch(/#\s+Tracking number\s+Order\s+Service\s+Pkgs\s+Weight\s+Cost/);
      seen.push(...rows.map(([, tracking]) => tracking!));
    });
    expect(seen).toEqual(shipments.map((shipment) => shipment.trackingNumber));
    const last = pages.at(-1)!;
    expect(last).toMatch(/Shipments\s+130$/m);
    expect(last).toMatch(/Total weight\s+130\.00 kg$/m);
    expect(last).not.toContain('Cost (');
    expect(last).toContain('Driver signature');
  });

  it('keeps the totals and signature lines together when the table ends at the foot of a page', async () => {
    // A letter page holds 37 rows: 30 leave too little room for the closing block under them, 37 fill
    // the page, 38 spill one row onto the next.
    for (const count of [30, 37, 38]) {
      const shipments = Array.from({ length: count }, (_, i) => ({
        ...three[0]!,
        orderReference: `ORD-${i}`,
      }));
      const pages = await renderPages(manifest(shipments));
      expect(pages).toHaveLength(2);
      const withTotals = pages.filter((text) => /Shipments\s+\d+$/m.test(text));
      expect(withTotals).toHaveLength(1);
      expect(withTotals[0]).toContain('Pickup reference: PRN-2026-884213');
      expect(withTotals[0]).toContain('Driver signature');
      expect(withTotals[0]).toContain('Date and time of pickup');
    }
  });
});
