/**
 * The words of a rendered PDF with where they sit and how big they print, read back with pdftotext
 * -bbox (poppler-utils): enough to assert a minimum size, that an id stays one word on one line, or
 * that a page is landscape. Also a page as grey pixels (pdftoppm), to find the rules a table draws.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PdfWord {
  /** 0-based. */
  page: number;
  text: string;
  /** Points from the page's left and top edges. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The font size: DejaVu Sans's box is 1.164 em tall (ascent 0.928 + descent 0.236). */
  size: number;
}

export interface PdfPage {
  width: number;
  height: number;
}

const dejaVuBoxHeight = 1.164;

function withFile<T>(bytes: Uint8Array, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-words-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

export function pdfWords(bytes: Uint8Array): { pages: PdfPage[]; words: PdfWord[] } {
  const html = withFile(bytes, (file) =>
    execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  );
  const pages: PdfPage[] = [];
  const words: PdfWord[] = [];
  const tag =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const match of html.matchAll(tag)) {
    if (match[1] !== undefined) {
      pages.push({ width: Number(match[1]), height: Number(match[2]) });
      continue;
    }
    const [x, y, xMax, yMax] = [match[3], match[4], match[5], match[6]].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const height = yMax - y;
    words.push({
      page: pages.length - 1,
      text: unescape(match[7]!),
      x,
      y,
      width: xMax - x,
      height,
      size: height / dejaVuBoxHeight,
    });
  }
  return { pages, words };
}

/** One page as grey levels (0 black, 255 white), one pixel a point. */
export function pagePixels(
  bytes: Uint8Array,
  page: number,
): { width: number; height: number; at: (x: number, y: number) => number } {
  return withFile(bytes, (file, dir) => {
    const prefix = join(dir, 'page');
    execFileSync('pdftoppm', [
      '-r',
      '72',
      '-gray',
      '-singlefile',
      '-f',
      String(page + 1),
      '-l',
      String(page + 1),
      file,
      prefix,
    ]);
    const image = readFileSync(`${prefix}.pgm`);
    // P5 header: magic, width, height, max value, each followed by white space.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 40).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const data = image.subarray(header[0].length);
    return { width, height, at: (x: number, y: number) => data[Math.round(y) * width + Math.round(x)]! };
  });
}
