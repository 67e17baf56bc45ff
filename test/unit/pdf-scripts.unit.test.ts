/**
 * Every document kind prints a name in each script and reads back (poppler's pdftotext) in logical
 * order: a right-to-left street keeps its house number, Latin inside Hebrew keeps its order, and CJK,
 * Thai, Devanagari and emoji are drawn by a font that has their glyphs (no .notdef box).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { fallbackFamilies } from '../../infra/bundling';
import { buildFunction, importIndex } from '../support/built-function';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelDocument } from '../../shared/render/label-document';
import { renderLabelPdf } from '../../shared/render/label-pdf';
import { renderManifestPdf, type ManifestDocument } from '../../shared/render/manifest-pdf';
import { embedPdfFonts } from '../../shared/render/pdf-fonts';
import { textWidth, truncateToWidth, wrapText } from '../../shared/render/pdf-layout';
import { graphemes } from '../../shared/render/text/bidi';
import { renderReportPdf } from '../../shared/render/report-pdf';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pdf-scripts-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Sample {
  script: string;
  name: string;
  street: string;
  /** The fallback font pdffonts lists, when DejaVu Sans cannot draw the script. */
  font?: RegExp;
  /** Checks on the text read back. */
  reads: (text: ReadBack) => void;
}

/** pdftotext's output: its lines (bidi embedding marks removed), and all of it with spaces collapsed. */
interface ReadBack {
  lines: string[];
  flat: string;
}
const lineWith = (text: ReadBack, part: string) => text.lines.find((line) => line.includes(part)) ?? '';

const samples: Sample[] = [
  {
    script: 'Hebrew',
    name: 'שרה כהן',
    street: 'רחוב הרצל 12',
    reads: (text) => {
      expect(lineWith(text, 'רחוב הרצל')).toMatch(/(^|\D)12(\D|$)/);
      expect(lineWith(text, 'רחוב הרצל')).not.toContain('21');
    },
  },
  {
    script: 'Arabic',
    name: 'محمد العلي',
    street: 'شارع 1234 الملك',
    reads: (text) => {
      expect(lineWith(text, 'شارع')).toContain('1234');
      expect(lineWith(text, 'شارع')).toContain('الملك');
      expect(text.flat).not.toContain('4321');
    },
  },
  {
    script: 'mixed Hebrew and Latin',
    name: 'דוד לוי Sarah Cohen',
    street: 'Main St 5',
    reads: (text) => {
      expect(lineWith(text, 'דוד לוי')).toContain('Sarah Cohen');
      expect(text.flat).not.toContain('nehoC');
    },
  },
  {
    script: 'Japanese',
    name: '山田太郎',
    street: '東京都渋谷区',
    font: /NotoSans(SC|JP)/,
    reads: (text) => expect(text.flat).toContain('山田太郎'),
  },
  {
    script: 'Japanese with kana',
    name: 'やまだ たろう',
    street: '東京都渋谷区',
    font: /NotoSansJP/,
    reads: (text) => expect(text.flat).toContain('東京都渋谷区'),
  },
  {
    script: 'Chinese',
    name: '王小明',
    street: '北京市朝阳区',
    font: /NotoSansSC/,
    reads: (text) => expect(text.flat).toContain('北京市朝阳区'),
  },
  {
    script: 'Korean',
    name: '김민준',
    street: '서울특별시',
    font: /NotoSansKR/,
    reads: (text) => expect(text.flat).toContain('서울특별시'),
  },
  {
    script: 'Thai',
    name: 'สมชาย ใจดี',
    street: 'Main St 5',
    font: /NotoSansThai/,
    reads: (text) => expect(text.flat).toContain('สมชาย ใจดี'),
  },
  {
    script: 'Devanagari',
    name: 'राहुल शर्मा',
    street: 'नमस्ते क्षत्रिय',
    font: /NotoSansDevanagari/,
    // The glyphs are in visual order and pdftotext reads them so: a reph or a "ि" drawn before its
    // consonant comes back moved (शर्मा as शमार्). The words without one read back as written.
    reads: (text) => expect(text.flat).toContain('राहुल'),
  },
  {
    script: 'emoji',
    name: 'Gift 🎁 box',
    street: 'Main St 5',
    font: /NotoEmoji/,
    reads: (text) => expect(text.flat).toContain('🎁'),
  },
];

let files = 0;
function readBack(bytes: Uint8Array): ReadBack & { fonts: string } {
  const file = join(work, `document-${(files += 1)}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e]/g, '');
  return {
    lines: text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()),
    flat: text.replace(/\s+/g, ' '),
    fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
  };
}

function label(sample: Sample): LabelDocument {
  return {
    format: '4x6',
    shipFrom: {
      name: 'Acme',
      line1: '1 Warehouse Way',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    shipTo: { name: sample.name, line1: sample.street, city: 'City', postalCode: '10001', country: 'IL' },
    carrier: 'UPS',
    service: 'Worldwide Saver',
    trackingNumber: '1ZAAAAAAAAAAAAAAAA',
    orderReference: 'ORD-9',
    shipDate: '2026-11-23',
    weightGrams: 500,
    packages: 1,
  };
}

describe('every script on every document, in logical order, with its glyphs', () => {
  it.each(samples)('a 4x6 label and its packing slip: $script', async (sample) => {
    const bytes = await renderLabelPdf({
      ...label(sample),
      packingSlip: {
        paperSize: 'letter',
        showPrices: false,
        lines: [{ sku: 'SKU-1', title: `${sample.name} ${sample.street}`, quantity: 1 }],
      },
    });
    const text = readBack(bytes);
    sample.reads(text);
    if (sample.font) expect(text.fonts).toMatch(sample.font);
    // The label page alone (the slip repeats the name): its ship-to reads back too.
    expect(text.flat.split('PACKING SLIP')[0]).toContain(sample.name.split(' ')[0]!);
  });

  it('a manifest: a shipment per script', async () => {
    const manifest: ManifestDocument = {
      paperSize: 'letter',
      manifestId: '01JD0000000000000000000000',
      carrier: 'UPS',
      warehouse: {
        code: 'W1',
        name: 'Main',
        address: { line1: '1 Way', city: 'Springfield', postalCode: '1', country: 'US' },
      },
      shipDate: '2026-11-23',
      closedAt: '2026-11-23T17:45:12.345Z',
      pickupReference: 'PRN-1',
      shipments: samples.map((sample, index) => ({
        trackingNumber: `1Z${index}`,
        orderReference: sample.name,
        service: sample.street,
        packages: 1,
        weightGrams: 1000,
        cost: { amount: 100, currency: 'USD' },
      })),
    };
    const text = readBack(await renderManifestPdf(manifest));
    for (const sample of samples) {
      sample.reads(text);
      if (sample.font) expect(text.fonts).toMatch(sample.font);
    }
  });

  it('a report PDF: a row per script', async () => {
    const bytes = await renderReportPdf({
      title: 'Customers',
      subtitle: ['2026-11-01 to 2026-11-23'],
      timeZone: 'UTC',
      generatedAt: '2026-11-23T22:10:00.000Z',
      sections: [
        {
          name: 'Names',
          columns: [
            { header: 'Name', key: 'name', width: 30 },
            { header: 'Street', key: 'street', width: 30 },
          ],
          rows: samples.map(({ name, street }) => ({ name, street })),
        },
      ],
    });
    const text = readBack(bytes);
    for (const sample of samples) {
      sample.reads(text);
      if (sample.font) expect(text.fonts).toMatch(sample.font);
    }
  });

  it('has a glyph for every character of every sample, in both faces', async () => {
    const texts = samples.flatMap(({ name, street }) => [name, street]);
    const fonts = await embedPdfFonts(await PDFDocument.create(), texts);
    for (const text of texts) {
      expect(fonts.regular.missingGlyphs(text)).toEqual([]);
      expect(fonts.bold.missingGlyphs(text)).toEqual([]);
    }
    // Without the text handed over, no fallback is embedded: CJK would be boxes.
    const bare = await embedPdfFonts(await PDFDocument.create());
    expect(bare.regular.missingGlyphs('王小明')).toEqual(['王', '小', '明']);
  });
});

describe('wrapping and cutting text without spaces', () => {
  const address = '北京市朝阳区建国路88号SOHO现代城5号楼1201室';
  const thai = 'สวัสดีครับคุณสมชายใจดีที่กรุงเทพมหานคร';

  it('wraps a long Chinese or Thai line inside the box, between words or characters, losing nothing', async () => {
    const fonts = await embedPdfFonts(await PDFDocument.create(), [address, thai]);
    for (const text of [address, thai]) {
      const lines = wrapText(text, fonts.regular, 12, 90);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.join('')).toBe(text);
      for (const line of lines) expect(textWidth(line, fonts.regular, 12)).toBeLessThanOrEqual(90);
      // No line starts with a mark: clusters stay whole.
      for (const line of lines) expect(line).not.toMatch(/^\p{M}/u);
    }
  });

  it('cuts with an ellipsis between grapheme clusters, never inside one', async () => {
    const family = 'Gift 👨‍👩‍👧 for สวัสดี';
    const fonts = await embedPdfFonts(await PDFDocument.create(), [family]);
    for (let width = 20; width < 120; width += 4) {
      const cut = truncateToWidth(family, fonts.regular, 12, width);
      const kept = cut.endsWith('…') ? cut.slice(0, -1) : cut;
      expect(graphemes(family).slice(0, graphemes(kept).length).join('')).toBe(kept);
    }
  });
});

describe('the fallback fonts in a Lambda bundle', () => {
  it('ships each family beside the renderers (400 and 700 WOFF slices, their ranges) and draws CJK from there alone', async () => {
    const dir = await buildFunction(
      join(work, 'bundle'),
      'renders',
      `export { loadPdfRenderers as load } from './shared/render/load';`,
    );
    for (const family of fallbackFamilies) {
      expect(existsSync(join(dir, 'fonts', family, '400.css'))).toBe(true);
      expect(existsSync(join(dir, 'fonts', family, '700.css'))).toBe(true);
      const files = readdirSync(join(dir, 'fonts', family, 'files'));
      expect(files.length).toBeGreaterThan(0);
      expect(files.every((file) => /-(400|700)-normal\.woff$/.test(file))).toBe(true);
    }
    const script = [
      `const { load } = ${importIndex(dir)};`,
      `const { renderLabelPdf } = await load();`,
      `const bytes = await renderLabelPdf(JSON.parse(process.argv[1]));`,
      `(await import('node:fs')).writeFileSync('label.pdf', bytes);`,
    ].join('\n');
    const sample = samples.find(({ script }) => script === 'Chinese')!;
    // A clean environment and a working directory with no node_modules: only fonts/ can serve.
    execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(label(sample))], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(execFileSync('pdffonts', [join(dir, 'label.pdf')], { encoding: 'utf8' })).toMatch(/NotoSansSC/);
    expect(execFileSync('pdftotext', [join(dir, 'label.pdf'), '-'], { encoding: 'utf8' })).toContain(
      '北京市朝阳区',
    );
  });
});
