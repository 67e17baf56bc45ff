import * as z from 'zod/mini';
import { addressSchema } from '../../../shared/domain/address';
import { maxQuantity } from '../../../shared/domain/money';
import { fulfillmentStates, orderIdSchema } from '../../../shared/domain/order';
import {
  daySchema,
  shipmentSchema,
  trackingEventSchema,
  trackingStatuses,
  voidReasonCodes,
} from '../../../shared/domain/shipment';
import type { VoidReason, VoidReasonCode } from '../../../shared/domain/shipment';
import { ValidationFailed } from '../../../shared/errors';
import { confirmationCodes, labelFormats } from '../carriers/adapter';
import { freeText, lineText } from '../../../shared/http/text';
import { ulidSchema } from '../../../shared/http/schemas';
import { responseSchema } from '../../../shared/http/response-schema';

export const shipNowOrderParams = z.strictObject({ orderId: orderIdSchema });

const shippingChoiceSchema = z.object({
  processorCode: z.string(),
  serviceCode: z.string(),
  carrier: z.string(),
  service: z.string(),
});

export const shipNowDraftSchema = responseSchema(() =>
  z.object({
    orderId: z.string(),
    channel: z.string(),
    statusId: z.string(),
    fulfillmentState: z.enum(fulfillmentStates),
    shipFrom: z.nullable(
      z.object({
        warehouseId: ulidSchema,
        code: z.string(),
        name: z.string(),
        address: z.nullable(addressSchema),
      }),
    ),
    shipTo: addressSchema,
    lines: z.array(
      z.object({
        itemId: z.string(),
        sku: z.string(),
        title: z.string(),
        quantity: z.number(),
        unitWeightGrams: z.nullable(z.number()),
      }),
    ),
    suggestedPackage: z.object({ weightGrams: z.number(), linesWithoutWeight: z.array(z.string()) }),
    requestedShippingService: z.nullable(z.string()),
    lastUsed: z.nullable(shippingChoiceSchema),
  }),
);

export const shipFromAddressesSchema = responseSchema(() =>
  z.object({
    items: z.array(
      z.object({
        warehouseId: ulidSchema,
        code: z.string(),
        name: z.string(),
        isDefault: z.boolean(),
        address: addressSchema,
      }),
    ),
    /** Active warehouses with no origin address yet: nothing ships from them until one is set. */
    withoutAddress: z.array(z.object({ warehouseId: ulidSchema, code: z.string(), name: z.string() })),
  }),
);

export const shipToUpdateSchema = z.strictObject({
  shipTo: addressSchema,
  reason: z.optional(freeText(500)),
});

export const shipToAnswerSchema = responseSchema(() =>
  z.object({
    orderId: z.string(),
    shipTo: addressSchema,
    version: z.number(),
  }),
);

const processorCodeSchema = z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,39}$/, 'must be a processor code'));
const serviceCodeSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a service code'));
const centimetres = z.number().check(z.positive(), z.maximum(1000));

export const packageInput = z.strictObject({
  /** Grams, the packed box with its contents. */
  weightGrams: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)),
  dimensionsCm: z.optional(z.strictObject({ length: centimetres, width: centimetres, height: centimetres })),
  /** One of the carrier's package types (dictionaries); the shipper's own box when absent. */
  packageType: z.optional(lineText(64)),
});

const packagesInput = z.array(packageInput).check(z.minLength(1), z.maxLength(50));
export const confirmationInput = z._default(z.enum(confirmationCodes), 'none');

/** A day; whether a label may carry it (today to a week ahead in the warehouse's zone) is print's to decide. */
const shipDateInput = daySchema;

export const ratesParams = z.strictObject({ orderId: orderIdSchema, processorCode: processorCodeSchema });
export const ratesInput = z.strictObject({
  packages: packagesInput,
  confirmation: confirmationInput,
  shipDate: z.optional(shipDateInput),
  /** Quote this service only. */
  serviceCode: z.optional(serviceCodeSchema),
});

const moneyOut = z.object({ amount: z.number(), currency: z.string() });
export const rateQuoteSchema = responseSchema(() =>
  z.object({
    /** Names the quote for print: `<processorCode>:<serviceCode>`. */
    rateId: z.string(),
    processorCode: z.string(),
    carrier: z.string(),
    serviceCode: z.string(),
    serviceName: z.string(),
    cost: moneyOut,
    billedWeightGrams: z.number(),
    deliveryDays: z.number(),
    estimatedDeliveryDate: z.string(),
    breakdown: z.object({
      base: moneyOut,
      fuel: z.optional(moneyOut),
      confirmation: z.optional(moneyOut),
      other: z.optional(moneyOut),
    }),
  }),
);
export const ratesAnswerSchema = responseSchema(() =>
  z.object({
    orderId: z.string(),
    processorCode: z.string(),
    shipFrom: addressSchema,
    shipTo: addressSchema,
    shipDate: z.string(),
    rates: z.array(rateQuoteSchema()),
  }),
);

const lineInput = z.strictObject({
  itemId: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be an item id')),
  quantity: z.number().check(z.int(), z.minimum(1), z.maximum(maxQuantity)),
});

export const printInput = z
  .strictObject({
    /** A quote's rateId (`<processorCode>:<serviceCode>`), or the two named apart. */
    rateId: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^[a-z][a-z0-9_-]{0,39}:[a-z0-9][a-z0-9_-]{0,63}$/,
            'must be a rateId from the rates answer',
          ),
        ),
    ),
    processorCode: z.optional(processorCodeSchema),
    serviceCode: z.optional(serviceCodeSchema),
    packages: packagesInput,
    confirmation: confirmationInput,
    shipDate: z.optional(shipDateInput),
    /** Which lines and how many units; by default every unshipped unit. */
    lines: z.optional(
      z.array(lineInput).check(
        z.minLength(1),
        z.maxLength(500),
        z.refine(
          (lines) => new Set(lines.map((line) => line.itemId)).size === lines.length,
          'each item id at most once',
        ),
      ),
    ),
    /** By default the label form's paper: 4x6 → pdf_4x6, letter → pdf_letter. */
    labelFormat: z.optional(z.enum(labelFormats)),
    /** Ship an order awaiting payment on purpose; recorded in its fulfillment history. */
    shipUnpaid: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (input) =>
        (input.rateId !== undefined) !==
        (input.processorCode !== undefined && input.serviceCode !== undefined),
      { message: 'name the rate: rateId, or processorCode and serviceCode (not both)', path: ['rateId'] },
    ),
  );

const linkSchema = z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string() });
export const printAnswerSchema = responseSchema(() =>
  z.object({ shipment: shipmentSchema, label: linkSchema }),
);

export const shipmentParams = z.strictObject({ shipmentId: ulidSchema });

/** Why a label is voided: in the query (`?reasonCode=misprint&note=...`) or a JSON body, or both alike. */
const voidReasonFields = {
  reasonCode: z.optional(z.enum(voidReasonCodes)),
  note: z.optional(freeText(500)),
};
export const voidQuery = z.strictObject(voidReasonFields);
export const voidInput = z.optional(z.strictObject(voidReasonFields));
type VoidReasonInput = { reasonCode?: VoidReasonCode; note?: string } | undefined;

/**
 * The void's reason from the query and the body: each field from whichever names it; both naming it
 * differently is a 400. No reason code is `other`: clients that send none (the first UI) keep working,
 * and every void still records one.
 */
export function voidReasonOf(query: VoidReasonInput, body: VoidReasonInput): VoidReason {
  const conflicts = (['reasonCode', 'note'] as const).filter(
    (field) => query?.[field] !== undefined && body?.[field] !== undefined && query[field] !== body[field],
  );
  if (conflicts.length > 0) {
    throw new ValidationFailed(
      'The query and the body name different void reasons; name each once.',
      conflicts.map((field) => ({ path: `body.${field}`, message: `differs from query.${field}` })),
    );
  }
  const note = body?.note ?? query?.note;
  return { reasonCode: body?.reasonCode ?? query?.reasonCode ?? 'other', ...(note ? { note } : {}) };
}
export const reprintAnswerSchema = responseSchema(() =>
  z.object({ shipmentId: z.string(), label: linkSchema }),
);

export const trackingAnswerSchema = responseSchema(() =>
  z.object({
    orderId: z.string(),
    /** Delivered when every active shipment is; the least advanced otherwise; exception when any is. */
    trackingStatus: z.enum(trackingStatuses),
    shipments: z.array(
      z.object({
        shipmentId: z.string(),
        source: z.string(),
        status: z.string(),
        carrier: z.string(),
        service: z.string(),
        trackingNumber: z.string(),
        shipDate: z.string(),
        trackingStatus: z.enum(trackingStatuses),
        events: z.array(trackingEventSchema),
      }),
    ),
  }),
);

export const dictionariesSchema = responseSchema(() =>
  z.object({
    carriers: z.array(
      z.object({
        processorCode: z.string(),
        name: z.string(),
        services: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            deliveryDays: z.union([z.number(), z.array(z.number())]),
          }),
        ),
        packageTypes: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            dimensionsCm: z.optional(z.object({ length: z.number(), width: z.number(), height: z.number() })),
          }),
        ),
        confirmations: z.array(z.object({ code: z.string(), name: z.string() })),
        labelFormats: z.array(z.string()),
        limits: z.object({
          maxWeightGrams: z.number(),
          maxLengthCm: z.number(),
          maxLengthPlusGirthCm: z.number(),
        }),
        voidWindowDays: z.number(),
      }),
    ),
  }),
);
