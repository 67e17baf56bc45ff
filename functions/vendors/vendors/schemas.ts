import * as z from 'zod/mini';
import { lineText } from '../../../shared/http/text';
import { addressSchema } from '../../../shared/domain/address';
import { currencySchema } from '../../../shared/domain/money';
import {
  codeSchema,
  cursorSchema,
  idListQuery,
  limitSchema,
  nameSchema,
  queryBoolean,
  timestampSchema,
  ulidSchema,
} from '../../../shared/http/schemas';

const contactSchema = z.strictObject({
  name: z.optional(nameSchema),
  email: z.optional(z.email()),
  phone: z.optional(z.string().check(z.regex(/^[0-9+() .-]{5,32}$/, 'must be a phone number'))),
});

export const leadTimeDays = z.number().check(z.int(), z.minimum(0), z.maximum(365));

/** What a client sends to create or replace a vendor. */
export const vendorInputSchema = z.strictObject({
  code: codeSchema,
  name: nameSchema,
  contact: z.optional(contactSchema),
  address: z.optional(addressSchema),
  currency: currencySchema,
  leadTimeDays: z._default(leadTimeDays, 7),
  paymentTerms: z.optional(lineText(64)),
  active: z._default(z.boolean(), true),
});
export type VendorInput = z.infer<typeof vendorInputSchema>;

export const vendorSchema = z.object({
  ...vendorInputSchema.def.shape,
  id: ulidSchema,
  poSourceCount: z.number(),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorIdParams = z.strictObject({ id: ulidSchema });

export const vendorListQuery = z.strictObject({
  active: queryBoolean,
  name: z.optional(lineText(200)),
  code: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
  sort: z._default(z.enum(['name', 'code']), 'name'),
  limit: limitSchema,
  cursor: cursorSchema,
});

const maxIdsPerDelete = 25;

export const vendorDeleteQuery = z.strictObject({
  ids: z.optional(idListQuery(ulidSchema, maxIdsPerDelete)),
  withPoSources: queryBoolean,
});
export const vendorDeleteBody = z.strictObject({
  ids: z.array(ulidSchema).check(z.minLength(1), z.maxLength(maxIdsPerDelete)),
  withPoSources: z.optional(z.boolean()),
});

export const vendorDeleteResult = z.object({
  deleted: z.array(ulidSchema),
  deletedPoSources: z.array(ulidSchema),
});
