import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../shared/domain/manifest';
import { afterFailedClose, closeRefusal } from '../../shared/domain/manifest';

const manifest = (overrides: Partial<Manifest> = {}): Manifest => ({
  id: 'M1',
  processorCode: 'parcel',
  carrier: 'Built-in Parcel',
  warehouseId: 'W1',
  warehouseCode: 'DOCK',
  shipDate: '2026-11-25',
  status: 'open',
  shipments: 2,
  packages: 3,
  weightGrams: 2400,
  voidsInFlight: 0,
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
  version: 3,
  ...overrides,
});
const now = new Date('2026-11-25T17:00:00.000Z');

describe('when a manifest may close', () => {
  it('on or after its ship date, with packages on it', () => {
    expect(closeRefusal(manifest(), now, '2026-11-25')).toBeUndefined();
    expect(closeRefusal(manifest({ shipDate: '2026-11-24' }), now, '2026-11-25')).toBeUndefined();
  });

  it('not for a future date: the day named is today in the warehouse’s zone', () => {
    expect(closeRefusal(manifest({ shipDate: '2026-11-26' }), now, '2026-11-25')).toBe(
      'Manifest M1 is for 2026-11-26, a future date (today is 2026-11-25): close it on its ship date.',
    );
    // Already the 26th where the warehouse is.
    expect(closeRefusal(manifest({ shipDate: '2026-11-26' }), now, '2026-11-26')).toBeUndefined();
  });

  it('not with no packages (every label voided): nothing for the carrier to collect', () => {
    expect(closeRefusal(manifest({ shipments: 0, packages: 0 }), now, '2026-11-25')).toMatch(
      /has no packages \(every label on it was voided\)/,
    );
  });

  it('a closed manifest is answered again, whatever it holds', () => {
    expect(closeRefusal(manifest({ status: 'closed', packages: 0 }), now, '2026-11-01')).toBeUndefined();
  });
});

describe('a close that failed after its claim', () => {
  it('opens the manifest again only when the carrier surely did not close it', () => {
    expect(afterFailedClose('not-closed')).toBe('reopen');
    expect(afterFailedClose('closed')).toBe('keep-closing');
    expect(afterFailedClose('maybe-closed')).toBe('keep-closing');
  });

  it('a closing manifest no close holds (given back after the carrier closed it) closes at once', () => {
    const released = manifest({
      status: 'closing',
      pickupReference: 'PU1',
      updatedAt: '2026-11-25T16:59:59.000Z',
    });
    expect(closeRefusal(released, now, '2026-11-25')).toBeUndefined();
  });

  it('a closing manifest a close holds is refused until its claim goes stale', () => {
    const held = manifest({ status: 'closing', closingSince: '2026-11-25T16:59:00.000Z' });
    expect(closeRefusal(held, now, '2026-11-25')).toBe('Manifest M1 is being closed right now.');
    const stale = manifest({ status: 'closing', closingSince: '2026-11-25T16:57:00.000Z' });
    expect(closeRefusal(stale, now, '2026-11-25')).toBeUndefined();
  });
});
