/**
 * Category paths, the merchant's and the channels': segments joined by " > " (Google's and Shopify's
 * own separator). A segment holds no ">" of its own, so a path reads back into the same segments.
 * Paths compare case-insensitively; their folded form is a key, kept under DynamoDB's 1,024-byte sort
 * key with room to spare (300 UTF-16 units are at most 900 UTF-8 bytes).
 */

export const maxPathLength = 300;
export const maxPathLevels = 16;
export const separator = ' > ';

export type PathReading = { path: string; segments: string[] } | { problem: string };

// Refused rather than folded into spaces: a tab or line feed in a path is a paste gone wrong, and the
// other control characters and the bidirectional overrides would make two paths look alike.
const unsafeCharacter = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;

/** A path as typed (runs of white space collapse, segments are trimmed) or what is wrong with it. */
export function readCategoryPath(raw: string, maxLength = maxPathLength): PathReading {
  if (raw.length > maxLength * 4) return { problem: `must be at most ${maxLength} characters` };
  const unsafe = unsafeCharacter.exec(raw);
  if (unsafe) {
    const code = unsafe[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return { problem: `must not contain control characters (U+${code} at character ${unsafe.index + 1})` };
  }
  const text = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (text.length === 0) return { problem: 'must name a category' };
  // Empty levels first ("A >  > B", "A >"): split loosely, then strictly on " > " for a ">" inside a level.
  const loose = text.split(/\s*>\s*/);
  const emptyLevel = loose.findIndex((segment) => segment.length === 0);
  if (emptyLevel >= 0) return { problem: `level ${emptyLevel + 1} is empty` };
  if (loose.length > maxPathLevels) {
    return { problem: `must have at most ${maxPathLevels} levels (it has ${loose.length})` };
  }
  if (text.length > maxLength) return { problem: `must be at most ${maxLength} characters` };
  const segments = text.split(separator).map((segment) => segment.trim());
  const withMark = segments.find((segment) => segment.includes('>'));
  if (withMark !== undefined) {
    return {
      problem: `a level must not contain ">" (levels are separated by " > "): "${withMark.slice(0, 60)}"`,
    };
  }
  return { path: segments.join(separator), segments };
}

/** The key form of a path: lower-cased levels, each closed by ">", so a prefix of levels is a key prefix. */
export function foldedPath(path: string): string {
  return `${path
    .split(separator)
    .map((segment) => segment.toLocaleLowerCase('en'))
    .join('>')}>`;
}

/** Whether `path` is `ancestor` or lies under it (whole levels, case-insensitively). */
export function isWithin(path: string, ancestor: string): boolean {
  return foldedPath(path).startsWith(foldedPath(ancestor));
}

/** How many levels a path has. */
export const depthOf = (path: string) => path.split(separator).length;
