/** The key of an item in the single table, and the case folding of keys built from names and codes. */
export interface ItemKey {
  PK: string;
  SK: string;
  [attribute: string]: string;
}

export const lower = (value: string) => value.toLowerCase();

/**
 * Sorts names the way people read them, not by code point: accents and case fold away ("Émile" sorts
 * with "emile", before "Zeta"), so a name index ordered by it is in dictionary order for Latin scripts.
 */
export const collationKey = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
