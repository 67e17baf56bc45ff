import * as z from 'zod/mini';
import {
  carrierSchema,
  daySchema,
  serviceSchema,
  shipmentSchema,
  shipmentSources,
  shipmentStatuses,
} from '../../../shared/domain/shipment';
import { cursorSchema, limitSchema, ulidSchema } from '../../../shared/http/schemas';

/** DESIGN §3: a range covers at most 366 days. */
export const maxRangeDays = 366;
/** Without a range: the last 30 days, today included. */
const defaultRangeDays = 30;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const dayOf = (time: number) => new Date(time * 86_400_000).toISOString().slice(0, 10);

const rangeFields = { from: z.optional(daySchema), to: z.optional(daySchema) };

const filterFields = {
  ...rangeFields,
  carrier: z.optional(carrierSchema),
  service: z.optional(serviceSchema),
  warehouseId: z.optional(ulidSchema),
  status: z.optional(z.enum(shipmentStatuses)),
  source: z.optional(z.enum(shipmentSources)),
};

/** Fills the range's defaults and refuses a reversed or too long one. */
function withRange<T extends { from?: string; to?: string }>(input: T, context: z.core.$RefinementCtx<T>) {
  const to = input.to ?? new Date().toISOString().slice(0, 10);
  const from = input.from ?? dayOf(dayNumber(to) - (defaultRangeDays - 1));
  if (from > to) {
    context.issues.push({
      code: 'custom',
      message: `must not be after to (${to})`,
      path: ['from'],
      input: from,
    });
  } else if (dayNumber(to) - dayNumber(from) + 1 > maxRangeDays) {
    context.issues.push({
      code: 'custom',
      message: `the range covers ${dayNumber(to) - dayNumber(from) + 1} days; at most ${maxRangeDays}`,
      path: ['from'],
      input: from,
    });
  }
}

const resolved = <T extends { from?: string; to?: string }>(input: T) => {
  const to = input.to ?? new Date().toISOString().slice(0, 10);
  return { ...input, to, from: input.from ?? dayOf(dayNumber(to) - (defaultRangeDays - 1)) };
};

function rangeChecked<S extends z.ZodMiniObject>(schema: S) {
  return z.pipe(
    schema.check(z.superRefine(withRange)),
    z.transform((input: z.output<S>) => resolved(input as { from?: string; to?: string } & z.output<S>)),
  );
}

export const shipmentListQuery = rangeChecked(
  z.strictObject({
    ...filterFields,
    /** `-shipDate` (newest first, the default) or `shipDate`. */
    sort: z._default(z.enum(['shipDate', '-shipDate']), '-shipDate'),
    limit: limitSchema,
    cursor: cursorSchema,
  }),
);

/** The export takes the list's filters and sort in a JSON body (`{}`: the last 30 days, newest first). */
export const shipmentExportInput = rangeChecked(
  z.strictObject({
    ...filterFields,
    sort: z._default(z.enum(['shipDate', '-shipDate']), '-shipDate'),
  }),
);

export const exportResultSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  rowCount: z.number(),
  bytes: z.number(),
  /** A presigned GET URL: no token needed, valid until expiresAt (at most 15 minutes). */
  url: z.string(),
  expiresAt: z.string(),
});

export const shipmentTotalsQuery = rangeChecked(z.strictObject(filterFields));
export const shipmentFiltersQuery = rangeChecked(z.strictObject(rangeFields));

const costSchema = z.array(z.object({ currency: z.string(), amount: z.number() }));
const figures = { shipments: z.number(), packages: z.number(), weightGrams: z.number(), cost: costSchema };

export const shipmentTotalsSchema = z.object({
  from: z.string(),
  to: z.string(),
  ...figures,
  byCarrier: z.array(z.object({ carrier: z.string(), ...figures })),
  byService: z.array(z.object({ carrier: z.string(), service: z.string(), ...figures })),
});

const counted = { shipments: z.number() };
export const shipmentFilterValuesSchema = z.object({
  from: z.string(),
  to: z.string(),
  carriers: z.array(z.object({ carrier: z.string(), ...counted })),
  services: z.array(z.object({ carrier: z.string(), service: z.string(), ...counted })),
  warehouses: z.array(
    z.object({
      warehouseId: z.string(),
      code: z.optional(z.string()),
      name: z.optional(z.string()),
      ...counted,
    }),
  ),
  statuses: z.array(z.object({ status: z.string(), ...counted })),
  sources: z.array(z.object({ source: z.string(), ...counted })),
});

export { shipmentSchema };
