/**
 * The inventory alert settings (DESIGN §4, Inventory): one object the inventory group writes and the
 * alert evaluation reads (look-back days, default lead time and safety days, recipients).
 */
import * as z from 'zod/mini';
import { alertSettingsKey } from '../db/keys';
import { getItem } from '../db/query';
import { toResource } from '../db/resource';
import { timestampSchema } from '../http/schemas';

const days = (minimum: number) => z.number().check(z.int(), z.minimum(minimum), z.maximum(365));

/** E-mail addresses, each once whatever its case (the settings' and each rule's). */
export const recipients = z.array(z.email()).check(
  z.maxLength(50),
  z.refine(
    (emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length,
    'must not list an address twice',
  ),
);

/** The one alert-settings object, as a client replaces it; omitted fields take their defaults. */
export const alertSettingsInputSchema = z.strictObject({
  /** Off until a manager turns it on: the defaults alert nobody. */
  enabled: z._default(z.boolean(), false),
  /** Days of sales the velocity is measured over. */
  lookBackDays: z._default(days(1), 30),
  /** Used for SKUs whose purchase-order source names no lead time. */
  defaultLeadTimeDays: z._default(days(0), 7),
  defaultSafetyDays: z._default(days(0), 3),
  recipients: z._default(recipients, () => []),
});
export type AlertSettingsInput = z.infer<typeof alertSettingsInputSchema>;

export const alertSettingsSchema = z.object({
  ...alertSettingsInputSchema.def.shape,
  /** 0 until the first write. */
  version: z.number(),
  /** null until the first write. */
  updatedAt: z.nullable(timestampSchema),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** What GET answers before anyone wrote the settings. */
export const defaultAlertSettings: AlertSettings = {
  enabled: false,
  lookBackDays: 30,
  defaultLeadTimeDays: 7,
  defaultSafetyDays: 3,
  recipients: [],
  version: 0,
  updatedAt: null,
};

/** The stored settings, or the defaults (version 0) before the first write. */
export async function readAlertSettings(consistent = false): Promise<AlertSettings> {
  const item = await getItem(alertSettingsKey(), consistent);
  return item ? toResource(alertSettingsSchema, item) : { ...defaultAlertSettings, recipients: [] };
}
