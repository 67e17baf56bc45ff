/**
 * Every string in a document's input (its fields, nested objects and arrays): the text the renderer
 * will draw, for the fonts to embed before drawing. Cheap: a label's input has a few dozen strings.
 */
export function stringsIn(value: unknown, found: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') found.push(value);
  else if (depth < 8 && value !== null && typeof value === 'object') {
    for (const item of Array.isArray(value) ? value : Object.values(value)) stringsIn(item, found, depth + 1);
  }
  return found;
}
