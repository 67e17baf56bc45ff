/** Postal addresses as labels and packing slips print them: the lines in the order the post reads them. */
import type { LabelAddressBlock } from './label-address-block';

/** Countries that write the postal code before the city ("90-001 Łódź", "10115 Berlin"). */
// prettier-ignore
const postalCodeFirst = new Set([
  'AT', 'BE', 'BG', 'CH', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IS', 'IT', 'LI',
  'LT', 'LU', 'LV', 'MC', 'NL', 'NO', 'PL', 'PT', 'RO', 'RS', 'SE', 'SI', 'SK', 'TR', 'UA',
]);

let regionNames: Intl.DisplayNames | undefined;

/** "PL" as "Poland"; a code Intl does not know stays as it is. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Company, street lines and locality (postal code placed as the country writes it); no name, no country. */
export function addressLines(address: LabelAddressBlock): string[] {
  const { city, region, postalCode } = address;
  const country = address.country.toUpperCase();
  const present = (parts: (string | undefined)[]) => parts.filter((part): part is string => Boolean(part));
  let locality: string[];
  if (postalCodeFirst.has(country)) locality = [present([postalCode, city, region]).join(' ')];
  // Royal Mail reads the town and the postcode on lines of their own.
  else if (country === 'GB') locality = present([city, region, postalCode]);
  else locality = [present([present([city, region]).join(', '), postalCode]).join(' ')];
  return present([address.company, address.line1, address.line2, ...locality]);
}
