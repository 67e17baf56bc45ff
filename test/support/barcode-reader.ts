/**
 * Reads a Code 128 barcode back from a rendered page, as a scanner would: the PNG pdftoppm writes
 * (greyscale or RGB) to grey pixels, the row with the most bars to bar and space widths, widths to
 * modules, symbols and text, the check character verified.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { code128, code128Patterns } from '../../shared/render/code128';

/** PNG row filters (none, sub, up, average, Paeth) predict a byte from its neighbours. */
function predictor(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    default: {
      const p = left + up - upLeft;
      const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      return a <= b && a <= c ? left : b <= c ? up : upLeft;
    }
  }
}

/** An 8-bit PNG as pdftoppm writes it (greyscale or RGB, not interlaced) to grey pixels, 0 black … 255 white. */
export function readPng(file: string): { width: number; height: number; pixels: Uint8Array } {
  const data = readFileSync(file);
  const chunks: Buffer[] = [];
  let width = 0;
  let height = 0;
  let channels = 1;
  for (let offset = 8; offset < data.length;) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('expected an 8-bit, non-interlaced PNG');
      if (body[9] !== 0 && body[9] !== 2) throw new Error('expected a greyscale or RGB PNG');
      channels = body[9] === 2 ? 3 : 1;
    }
    if (type === 'IDAT') chunks.push(body);
    offset += 12 + length;
  }
  // Undo each row's filter (PNG spec §9), byte by byte, then average the channels.
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const bytes = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? bytes[y * stride + x - channels]! : 0;
      const up = y > 0 ? bytes[(y - 1) * stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? bytes[(y - 1) * stride + x - channels]! : 0;
      bytes[y * stride + x] = (line[x]! + predictor(filter, left, up, upLeft)) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += bytes[i * channels + c]!;
    pixels[i] = sum / channels;
  }
  return { width, height, pixels };
}

/** Runs of dark and light pixels along one row: [dark?, length][]. */
export function runsOf(row: Uint8Array): [boolean, number][] {
  const runs: [boolean, number][] = [];
  for (const pixel of row) {
    const dark = pixel < 128;
    const last = runs.at(-1);
    if (last && last[0] === dark) last[1] += 1;
    else runs.push([dark, 1]);
  }
  return runs;
}

/** Element widths in pixels to text: widths to modules, symbols, check character, code sets B and C. */
export function decodeBars(elements: number[]): string {
  const symbols = (elements.length - 7) / 6;
  if (!Number.isInteger(symbols)) throw new Error(`${elements.length} bars and spaces are not whole symbols`);
  const module = elements.reduce((a, b) => a + b, 0) / (11 * symbols + 13);
  const widths = elements.map((pixels) => Math.round(pixels / module));
  if (widths.slice(-7).join('') !== code128Patterns[code128.stop]) throw new Error('no stop pattern');
  const values: number[] = [];
  for (let i = 0; i < symbols; i++) {
    const pattern = widths.slice(i * 6, i * 6 + 6).join('');
    const value = code128Patterns.indexOf(pattern);
    if (value === -1) throw new Error(`symbol ${i}: ${pattern} is no Code 128 pattern`);
    values.push(value);
  }
  const [start, ...data] = values;
  const check = data.pop()!;
  if (data.reduce((sum, value, index) => sum + value * (index + 1), start!) % 103 !== check)
    throw new Error('the check character does not match');
  let inC = start === code128.startC;
  let text = '';
  for (const value of data) {
    // The same value means different things per code set: 99 is "Code C" in set B, the digits 99 in C.
    if (inC) {
      if (value === code128.codeB) inC = false;
      else if (value < 100) text += String(value).padStart(2, '0');
      else throw new Error(`value ${value} in code set C`);
    } else if (value === code128.codeC) inC = true;
    else if (value < 95) text += String.fromCharCode(value + 32);
    else throw new Error(`value ${value} in code set B`);
  }
  return text;
}

/** The barcode on a page image: its text, module width in pixels, quiet zones and bar height in pixels. */
export function scanBarcode(pngFile: string) {
  const { width, height, pixels } = readPng(pngFile);
  const darkRuns = Array.from({ length: height }, (_, y) => {
    let runs = 0;
    for (let x = y * width; x < (y + 1) * width; x++) {
      if (pixels[x]! < 128 && (x === y * width || pixels[x - 1]! >= 128)) runs += 1;
    }
    return runs;
  });
  const most = Math.max(...darkRuns);
  const rows = darkRuns.flatMap((count, y) => (count === most ? [y] : []));
  const middle = rows[rows.length >> 1]!;
  const [leftQuiet, ...rest] = runsOf(pixels.subarray(middle * width, (middle + 1) * width));
  const rightQuiet = rest.pop()!;
  const elements = rest.map(([, length]) => length);
  const symbols = (elements.length - 7) / 6;
  return {
    text: decodeBars(elements),
    module: elements.reduce((a, b) => a + b, 0) / (11 * symbols + 13),
    /** Dark pixels along the scanned row: the bars' ink. */
    barDots: rest.filter(([dark]) => dark).reduce((sum, [, length]) => sum + length, 0),
    quietZones: { left: leftQuiet![0] ? 0 : leftQuiet![1], right: rightQuiet[0] ? 0 : rightQuiet[1] },
    barRows: rows.length,
    size: { width, height },
  };
}

/** The barcode on a PDF's first page, rendered at 300 dpi with pdftoppm into `pngPath` (.png added). */
export function scanPdfBarcode(pdfFile: string, pngPath: string) {
  execFileSync('pdftoppm', ['-r', '300', '-png', '-f', '1', '-l', '1', '-singlefile', pdfFile, pngPath]);
  return scanBarcode(`${pngPath}.png`);
}
