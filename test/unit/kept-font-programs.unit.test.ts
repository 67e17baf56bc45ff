/**
 * Font programs kept across documents (shared/render/text/kept-font-programs.ts): a label whose glyphs the
 * container has embedded before takes the kept, compressed program, and reads back as whole as the
 * first; a label with a glyph not seen encodes and compresses its own; equal lengths never share.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFContext, PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LabelDocument } from '../../shared/render/label-document';
import { renderLabelPdf } from '../../shared/render/label-pdf';
import { parsedFont, pdfFontBytes } from '../../shared/render/pdf-fonts';
import { keepDeflatedPrograms } from '../../shared/render/text/kept-font-programs';
import { warehouseSender } from '../support/label-builders';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kept-fonts-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function label(shipToName: string, trackingNumber: string): LabelDocument {
  return {
    format: '4x6',
    shipFrom: warehouseSender,
    shipTo: {
      name: shipToName,
      line1: '12 Main St',
      city: 'Reno',
      region: 'NV',
      postalCode: '89501',
      country: 'US',
    },
    carrier: 'UPS',
    service: 'Ground',
    trackingNumber,
    orderReference: `ORD-${trackingNumber.slice(-4)}`,
    shipDate: '2026-11-26',
    weightGrams: 900,
    packages: 1,
  };
}

/** Sizes of the byte arrays pdf-lib's flateStream compresses (what no kept program answered) while the work runs. */
async function deflatedSizes(work: () => Promise<unknown>): Promise<number[]> {
  const sizes: number[] = [];
  const flateStream = PDFContext.prototype.flateStream;
  vi.spyOn(PDFContext.prototype, 'flateStream').mockImplementation(function (
    this: PDFContext,
    contents,
    dict,
  ) {
    sizes.push(contents.length);
    return flateStream.call(this, contents, dict);
  });
  await work();
  return sizes;
}

let files = 0;
async function textOf(document: LabelDocument): Promise<string> {
  const file = join(work, `label-${(files += 1)}.pdf`);
  writeFileSync(file, await renderLabelPdf(document));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

/** A font program of DejaVu's subset: far above any content stream or ToUnicode map of a label. */
const programSize = 10_000;

describe('font programs kept across documents', () => {
  it('a second label with letters already embedded compresses no font program, and reads back whole', async () => {
    await renderLabelPdf(label('John Smith', '1Z999AA10123456784'));
    let text = '';
    const sizes = await deflatedSizes(async () => {
      text = await textOf(label('Mary Jones', '1Z999AA10123456785'));
    });
    expect(sizes.filter((size) => size > programSize)).toEqual([]);
    for (const expected of [
      'Mary Jones',
      '12 Main St',
      'Reno, NV 89501',
      'UPS',
      'Ground',
      '1Z999AA10123456785',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a label with a letter not embedded before gets a program of its own, and draws it', async () => {
    let text = '';
    const sizes = await deflatedSizes(async () => {
      text = await textOf(label('Łucja Żółć', '1Z999AA10123456786'));
    });
    expect(sizes.filter((size) => size > programSize).length).toBeGreaterThan(0);
    expect(text).toContain('Łucja Żółć');
    // And the ASCII label after it still reads back, from the program kept before.
    expect(await textOf(label('Ann Lee', '1Z999AA10123456787'))).toContain('Ann Lee');
  });

  it('lays each text out once per container: a label drawn again shapes nothing, a new name only its own texts', async () => {
    const bytes = await pdfFontBytes();
    const first = label('Olga Nowak', '1Z999AA10123456788');
    await renderLabelPdf(first);
    const layouts: string[] = [];
    for (const font of [parsedFont(bytes.regular), parsedFont(bytes.bold)]) {
      const layout = font.layout.bind(font);
      vi.spyOn(font, 'layout').mockImplementation((text, ...rest) => {
        layouts.push(String(text));
        return layout(text, ...rest);
      });
    }
    expect(await textOf(first)).toContain('Olga Nowak');
    expect(layouts).toEqual([]);
    const text = await textOf({ ...first, shipTo: { ...first.shipTo, name: 'Piotr Żak' } });
    expect(text).toContain('Piotr Żak');
    expect(layouts.length).toBeGreaterThan(0);
    expect(layouts.every((laidOut) => laidOut.includes('Piotr'))).toBe(true);
  });

  it('never answers one byte array with what another of the same length compressed to', async () => {
    const first = new Uint8Array(4096).fill(1);
    const second = new Uint8Array(4096).fill(2);
    const streams = [];
    for (const bytes of [first, second, first]) {
      const document = await PDFDocument.create();
      keepDeflatedPrograms(document);
      streams.push(document.context.flateStream(bytes));
    }
    const [one, two, oneAgain] = streams.map((stream) => new Uint8Array(inflateSync(stream.getContents())));
    expect(one).toEqual(first);
    expect(two).toEqual(second);
    expect(oneAgain).toEqual(first);
    expect(streams[0]!.getContents()).toBe(streams[2]!.getContents());
  });
});
