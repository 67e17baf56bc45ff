/**
 * DESIGN §4 on labels, packing slips and customs pages: identifiers (order ids, SKUs, tracking numbers)
 * print whole, never cut or broken, and no text prints under 7 pt. Read back word by word (pdftotext
 * -bbox) from a 4×6 label with its CN22 and packing slip, carrying ids as long as they come.
 */
import { describe, expect, it } from 'vitest';
import type { LabelDocument, PackingSlip } from '../../shared/render/label-document';
import { renderLabelPdf } from '../../shared/render/label-pdf';
import type { PdfWord } from '../support/pdf-words';
import { pdfWords } from '../support/pdf-words';

/** 64 characters, the longest order id an order may have. */
const longOrderId = 'ORDER-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH-JJJJ-KKKK-LLLL-MMM';
const uuidOrderId = '3f2b8c1e-9d4a-4e7b-8f6c-2a1d0e5b7c94';
/** 34 characters. */
const longTracking = '9405511899223197428490123456789012';
const longSku = 'MUG-CERAMIC-350ML-BLUE';

const slip = (lines: PackingSlip['lines']): PackingSlip => ({
  paperSize: 'letter',
  showPrices: true,
  lines,
  charges: {
    currency: 'USD',
    subtotal: 9000,
    discount: 500,
    tax: 0,
    shipping: 0,
    credited: 0,
    total: 8500,
    paid: 8500,
    refunded: 0,
    balance: 0,
  },
});

const mugs: PackingSlip['lines'] = [
  {
    sku: longSku,
    title: 'Ceramic mug, 350 ml, blue glaze, hand-thrown in small batches',
    quantity: 2,
    unitPrice: { amount: 4500, currency: 'USD' },
    discount: 500,
    weightGrams: 420,
  },
  { sku: 'CARD', title: 'Gift card', quantity: 1, unitPrice: { amount: 0, currency: 'USD' } },
];

function document(orderReference: string, trackingNumber: string): LabelDocument {
  const address = { line1: '200 Dock Rd', city: 'Memphis', region: 'TN', postalCode: '38118' };
  return {
    format: '4x6',
    shipFrom: { name: 'Dock 4', ...address, country: 'US' },
    shipTo: {
      name: 'Jan Kowalski',
      line1: 'ul. Długa 5',
      city: 'Gdańsk',
      postalCode: '80-827',
      country: 'PL',
    },
    carrier: 'USPS',
    service: 'Priority Mail International',
    trackingNumber,
    orderReference,
    shipDate: '2026-11-23',
    weightGrams: 1950,
    packages: 2,
    customs: {
      form: 'CN22',
      category: 'Sale of goods',
      currency: 'USD',
      sender: { name: 'Dock 4', ...address, country: 'US' },
      recipient: {
        name: 'Jan Kowalski',
        line1: 'ul. Długa 5',
        city: 'Gdańsk',
        postalCode: '80-827',
        country: 'PL',
      },
      items: [{ description: 'Ceramic mug', quantity: 2, value: 8500n, weightGrams: 840 }],
      totalValue: 8500n,
      totalWeightGrams: 1950,
      orderReference,
      date: '2026-11-23',
    },
    packingSlip: slip(mugs),
  };
}

/**
 * Where the id is printed whole: one word, or (only an id longer than its line) words on consecutive
 * lines of one page that join into it. Answers the pages it was found on.
 */
function pagesWithWhole(words: PdfWord[], id: string): number[] {
  const found: number[] = [];
  for (const word of words) {
    if (!id.startsWith(word.text) || word.text.length < Math.min(id.length, 4)) continue;
    let joined = word.text;
    let line = word;
    while (joined.length < id.length) {
      // The continuation: the nearest word on a line below that carries on the id.
      const next = words
        .filter(
          (w) => w.page === line.page && w.y > line.y + line.height / 2 && w.y < line.y + 2.5 * line.height,
        )
        .filter((w) => id.startsWith(joined + w.text))
        .sort((a, b) => a.y - b.y)[0];
      if (!next) break;
      joined += next.text;
      line = next;
    }
    if (joined === id) found.push(word.page);
  }
  return [...new Set(found)];
}

const pageCount = (words: PdfWord[]) => new Set(words.map((word) => word.page)).size;

describe('identifiers on the label, the CN22 and the packing slip', () => {
  it.each([
    ['a 64-character order id', longOrderId],
    ['a 36-character UUID order id', uuidOrderId],
  ])('print %s and a 34-character tracking number whole, and nothing under 7 pt', async (_, orderId) => {
    const { words } = pdfWords(await renderLabelPdf(document(orderId, longTracking)));
    // Two label pages, the CN22, the slip.
    expect(pageCount(words)).toBe(4);
    const small = words
      .filter((word) => word.size < 6.9)
      .map((word) => `${word.text} ${word.size.toFixed(2)}`);
    expect(small).toEqual([]);
    // A title may end in an ellipsis; no part of an identifier does.
    const cut = words.filter(
      (word) =>
        word.text.includes('…') &&
        [orderId, longTracking, longSku].some((id) => id.includes(word.text.replace('…', ''))),
    );
    expect(cut.map((word) => word.text)).toEqual([]);
    expect(pagesWithWhole(words, orderId)).toEqual([0, 1, 2, 3]);
    expect(pagesWithWhole(words, longTracking)).toEqual([0, 1, 2, 3]);
  });

  it('keeps a UUID order id and the tracking number on one line each, at 7 pt or more: they fit across a label', async () => {
    const { words } = pdfWords(await renderLabelPdf(document(uuidOrderId, longTracking)));
    for (const page of [0, 1, 2, 3]) {
      for (const id of [uuidOrderId, longTracking]) {
        const printed = words.find((word) => word.page === page && word.text === id);
        expect(printed?.size, `${id} on page ${page + 1}`).toBeGreaterThanOrEqual(6.9);
      }
    }
  });

  it('sizes the slip’s SKU column to its widest SKU: each SKU whole on one line, at 7 pt or more', async () => {
    const { words } = pdfWords(await renderLabelPdf(document(uuidOrderId, longTracking)));
    const slipWords = words.filter((word) => word.page === 3);
    const sku = slipWords.find((word) => word.text === longSku);
    expect(sku?.size).toBeGreaterThanOrEqual(6.9);
    expect(
      slipWords.some((word) => word.text !== longSku && longSku.includes(word.text) && word.text.length > 3),
    ).toBe(false);
  });

  it('still gives every SKU its line when the SKUs are as long as a SKU may be (64 characters)', async () => {
    const widest = `SKU-${'W'.repeat(60)}`;
    const label = { ...document(uuidOrderId, longTracking), customs: undefined };
    label.packingSlip = slip([{ ...mugs[0]!, sku: widest }]);
    const { words } = pdfWords(await renderLabelPdf(label));
    expect(pagesWithWhole(words, widest)).toEqual([2]);
    expect(words.filter((word) => word.size < 6.9)).toEqual([]);
  });
});
