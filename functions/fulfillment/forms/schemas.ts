/**
 * Forms settings: how each document the fulfillment group renders looks. One object per document type,
 * replaced whole under If-Match; GET answers the type's defaults at version 0 until the first write.
 */
import * as z from 'zod/mini';
import { freeText } from '../../../shared/http/text';
import { timestampSchema } from '../../../shared/http/schemas';

export const documentTypes = ['packing-slip', 'pick-list', 'label', 'invoice', 'manifest'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** The fields each document may show, in the order it prints them. */
export const fieldsOf: Record<DocumentType, readonly string[]> = {
  // discount and tax: their own column and rows under the prices (packing-slip.ts); left out, the lines and
  // the total still say what was charged.
  'packing-slip': [
    'orderReference',
    'orderDate',
    'shipTo',
    'billTo',
    'sku',
    'title',
    'quantity',
    'weight',
    'discount',
    'tax',
  ],
  'pick-list': ['orderReference', 'sku', 'title', 'quantity', 'warehouse', 'weight'],
  label: ['orderReference', 'weight', 'shipDate', 'packageCount', 'returnAddress'],
  invoice: ['orderReference', 'orderDate', 'shipTo', 'billTo', 'sku', 'title', 'quantity', 'tax', 'discount'],
  manifest: ['orderReference', 'service', 'packages', 'weight', 'cost'],
};

/** Paper each document may print on: a label on a 4x6 thermal label or on letter paper. */
export const paperSizesOf: Record<DocumentType, readonly string[]> = {
  'packing-slip': ['letter', 'a4'],
  'pick-list': ['letter', 'a4'],
  label: ['4x6', 'letter'],
  invoice: ['letter', 'a4'],
  manifest: ['letter', 'a4'],
};

export const paperSizes = ['4x6', 'letter', 'a4'] as const;
export const returnAddressChoices = ['warehouse', 'none'] as const;

/** Any name parses; one that is not a document type is a resource that does not exist (404). */
export const documentTypeParams = z.strictObject({
  documentType: z.string().check(z.minLength(1), z.maxLength(64)),
});

export function isDocumentType(name: string): name is DocumentType {
  return (documentTypes as readonly string[]).includes(name);
}

/** The settings as a client replaces them; what a document cannot use is refused by formProblems. */
export const formSettingsInput = z.strictObject({
  paperSize: z.enum(paperSizes),
  /** Prices on packing slips and invoices (a gift order's slip shows none). */
  showPrices: z.boolean(),
  /** Which of the document's fields it shows (`fieldsOf`), each at most once. */
  fields: z.array(z.string()).check(
    z.maxLength(20),
    z.refine((fields) => new Set(fields).size === fields.length, 'must not name a field twice'),
  ),
  footerText: z._default(freeText(500), ''),
  /** Where a label's return address comes from: the shipping warehouse's return address, or none. */
  returnAddress: z._default(z.enum(returnAddressChoices), 'warehouse'),
  /** Labels: print a packing-slip page after the label pages. */
  includePackingSlip: z._default(z.boolean(), false),
});
export type FormSettingsInput = z.infer<typeof formSettingsInput>;

export const formSettingsSchema = z.object({
  documentType: z.enum(documentTypes),
  ...formSettingsInput.def.shape,
  /** 0 until the first write. */
  version: z.number(),
  /** null until the first write. */
  updatedAt: z.nullable(timestampSchema),
  updatedBy: z.nullable(z.string()),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

/** What each document type prints with before anyone changed its settings. */
export function defaultFormSettings(documentType: DocumentType): FormSettings {
  return {
    documentType,
    paperSize: documentType === 'label' ? '4x6' : 'letter',
    showPrices: documentType === 'invoice',
    fields: [...fieldsOf[documentType]],
    footerText: '',
    returnAddress: 'warehouse',
    includePackingSlip: false,
    version: 0,
    updatedAt: null,
    updatedBy: null,
  };
}

/** What the settings ask of a document that cannot do it, as field errors (empty when fine). */
export function formProblems(
  documentType: DocumentType,
  settings: FormSettingsInput,
): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  if (!paperSizesOf[documentType].includes(settings.paperSize)) {
    problems.push({
      path: 'body.paperSize',
      message: `a ${documentType} prints on ${paperSizesOf[documentType].join(' or ')}`,
    });
  }
  settings.fields.forEach((field, index) => {
    if (!fieldsOf[documentType].includes(field)) {
      problems.push({
        path: `body.fields[${index}]`,
        message: `a ${documentType} has no field ${field}; it has ${fieldsOf[documentType].join(', ')}`,
      });
    }
  });
  if (settings.includePackingSlip && documentType !== 'label') {
    problems.push({ path: 'body.includePackingSlip', message: 'only a label prints a packing-slip page' });
  }
  if (settings.showPrices && !['packing-slip', 'invoice'].includes(documentType)) {
    problems.push({ path: 'body.showPrices', message: 'only packing slips and invoices show prices' });
  }
  return problems;
}
