/** The key of an item in the single table, and the case folding of keys built from names and codes. */
export interface ItemKey {
  PK: string;
  SK: string;
  [attribute: string]: string;
}

export const lower = (value: string) => value.toLowerCase();
