import { describe, expect, it } from 'vitest';
import { customsTerritory, needsCustoms } from '../../shared/shipments/customs-territory';

describe('customsTerritory: the customs and fiscal territory an address lies in', () => {
  it.each([
    ['DE', '10115', 'EU'],
    ['FR', '75001', 'EU'],
    ['mc', '98000', 'EU'],
    ['ES', '28001', 'EU'],
    ['ES', '35001', 'ES-CN'],
    ['ES', '38001', 'ES-CN'],
    ['ES', '51001', 'ES-CE'],
    ['ES', '52001', 'ES-ML'],
    ['ES', undefined, 'EU'],
    ['US', '10001', 'US'],
    ['US', '09001', 'US'], // APO AE
    ['PR', '00901', 'US'],
    ['GU', '96910', 'US'],
    ['VI', '00802', 'US'],
    ['AS', '96799', 'US'],
    ['MP', '96950', 'US'],
    ['GB', 'SW1A 1AA', 'GB'],
    ['CH', '8001', 'CH'],
    ['NO', '0150', 'NO'],
  ])('%s %s → %s', (country, postalCode, territory) => {
    expect(customsTerritory(country, postalCode)).toBe(territory);
  });
});

describe('needsCustoms: a parcel that leaves its customs territory', () => {
  it.each([
    [{ country: 'DE' }, { country: 'FR' }, false],
    [{ country: 'FR' }, { country: 'MC' }, false],
    [{ country: 'US' }, { country: 'PR' }, false],
    [{ country: 'US' }, { country: 'US' }, false],
    [{ country: 'GB' }, { country: 'GB' }, false],
    [{ country: 'ES', postalCode: '28001' }, { country: 'ES', postalCode: '35001' }, true],
    [{ country: 'DE' }, { country: 'ES', postalCode: '38650' }, true],
    [{ country: 'ES', postalCode: '35001' }, { country: 'ES', postalCode: '38001' }, false],
    [{ country: 'ES', postalCode: '51001' }, { country: 'ES', postalCode: '52001' }, true],
    [{ country: 'US' }, { country: 'CA' }, true],
    [{ country: 'DE' }, { country: 'CH' }, true],
    [{ country: 'FR' }, { country: 'GB' }, true],
  ])('%j → %j: %s', (from, to, needed) => {
    expect(needsCustoms(from, to)).toBe(needed);
  });
});
