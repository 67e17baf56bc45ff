/**
 * Whether a parcel crosses a customs border: countries that share a customs and fiscal territory need
 * no declaration between them, and parts of a country outside its territory need one from home. Pure.
 */

/** The EU-27 and Monaco, which is inside the EU customs territory through France. */
const euTerritory = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'MC',
]); // prettier-ignore

/**
 * Puerto Rico, Guam, the US Virgin Islands, American Samoa and the Northern Mariana Islands: USPS
 * carries mail to them as domestic mail, with no customs form (APO/FPO addresses are already 'US').
 */
const usTerritory = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP']);

/**
 * Spain's territories outside the EU's VAT area, by the first two digits of their postal codes: a
 * parcel to them from the mainland (or the rest of the EU) carries a customs declaration.
 */
const spanishSpecialTerritories: Readonly<Record<string, string>> = {
  '35': 'ES-CN', // Canary Islands: Las Palmas
  '38': 'ES-CN', // Canary Islands: Santa Cruz de Tenerife
  '51': 'ES-CE', // Ceuta
  '52': 'ES-ML', // Melilla
};

/** 'EU', 'US', a Spanish special territory ('ES-CN', 'ES-CE', 'ES-ML'), or else the country code. */
export function customsTerritory(country: string, postalCode?: string): string {
  const code = country.trim().toUpperCase();
  if (code === 'ES') {
    const special = spanishSpecialTerritories[(postalCode ?? '').trim().slice(0, 2)];
    if (special) return special;
  }
  if (euTerritory.has(code)) return 'EU';
  if (usTerritory.has(code)) return 'US';
  return code;
}

export interface CustomsPlace {
  country: string;
  postalCode?: string;
}

/** A parcel needs a customs declaration when it leaves one customs territory for another. */
export const needsCustoms = (from: CustomsPlace, to: CustomsPlace): boolean =>
  customsTerritory(from.country, from.postalCode) !== customsTerritory(to.country, to.postalCode);
