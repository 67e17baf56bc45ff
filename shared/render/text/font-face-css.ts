/**
 * The slices of a `@fontsource/*` package: one font file per Unicode range, as its `<weight>.css`
 * declares them (`src: url(./files/….woff2)…, url(./files/….woff)` and `unicode-range: U+4E00-4E2F`).
 * The WOFF file is the one read: fontkit subsets a WOFF2 file's transformed `glyf` table wrongly (pdf-lib
 * embedded every CJK glyph blank: the text read back, the page showed nothing).
 */
export interface FontSlice {
  /** The file's path relative to the package (or the bundle's copy of it): `files/….woff`. */
  file: string;
  /** Inclusive code point ranges. */
  ranges: [number, number][];
}

export function parseFontFaceCss(css: string): FontSlice[] {
  const slices: FontSlice[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/(files\/[^)]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;}]+)/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [low = '', high = low] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(low, 16), parseInt(high, 16)];
    });
    slices.push({ file, ranges });
  }
  return slices;
}

export function sliceCovers(slice: FontSlice, codePoint: number): boolean {
  return slice.ranges.some(([low, high]) => codePoint >= low && codePoint <= high);
}
