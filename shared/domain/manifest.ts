/**
 * Manifests (fulfillment writes them, reports read them): the labels of one carrier, warehouse and ship
 * date. Open while prints join it; `closing` while its end-of-day form is made (and, once the carrier has
 * or may have closed it, until a close makes the form: it never takes new packages again); closed for
 * good after.
 */
import * as z from 'zod/mini';
import { timestampSchema } from '../http/schemas';

export const manifestStatuses = ['open', 'closing', 'closed'] as const;
export type ManifestStatus = (typeof manifestStatuses)[number];

export const manifestSchema = z.object({
  id: z.string(),
  processorCode: z.string(),
  carrier: z.string(),
  warehouseId: z.string(),
  warehouseCode: z.string(),
  shipDate: z.string(),
  status: z.enum(manifestStatuses),
  shipments: z.number(),
  packages: z.number(),
  weightGrams: z.number(),
  /** Voids asked of the carrier and not yet recorded: the manifest does not close under them. */
  voidsInFlight: z.number(),
  /** Until when the latest void reservation holds: one not recorded by then (a crash) no longer blocks a close. */
  voidLeaseUntil: z.optional(timestampSchema),
  /** Closed manifests: the carrier's pickup reference, the form's file, who closed it and when. */
  pickupReference: z.optional(z.string()),
  fileKey: z.optional(z.string()),
  closedAt: z.optional(timestampSchema),
  closedBy: z.optional(z.string()),
  /**
   * When the close that holds a `closing` manifest claimed it. A `closing` manifest without it is held by
   * no close: one failed after the carrier had (or may have) closed it, and the next close takes it at once.
   */
  closingSince: z.optional(timestampSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  version: z.number(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * A manifest as answered: without the locks its voids and closes take (`voidsInFlight`,
 * `voidLeaseUntil`, `closingSince`), which are the service's bookkeeping and go stale after a crash.
 */
export const manifestViewSchema = z.omit(manifestSchema, {
  voidsInFlight: true,
  voidLeaseUntil: true,
  closingSince: true,
});
export type ManifestView = z.infer<typeof manifestViewSchema>;

/** One shipment on a manifest: what the end-of-day form lists. */
export const manifestEntrySchema = z.object({
  manifestId: z.string(),
  shipmentId: z.string(),
  orderId: z.string(),
  labelId: z.string(),
  trackingNumber: z.string(),
  service: z.string(),
  packages: z.number(),
  weightGrams: z.number(),
  cost: z.optional(z.object({ amount: z.number(), currency: z.string() })),
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

/** A manifest left `closing` this long (a crash while its form was made) may be closed again. */
export const staleClosingMs = 2 * 60_000;
/** A void holds its manifest open this long at most: the carrier call has a timeout of seconds. */
export const voidLeaseMs = 60_000;

/**
 * Why a manifest cannot close now, or undefined when it can. `today` is the day in the warehouse's zone:
 * a manifest for a later day still takes that day's labels, and one with no packages (every label on it
 * voided) has nothing for the carrier to collect, so neither closes.
 */
export function closeRefusal(manifest: Manifest, now: Date, today: string): string | undefined {
  if (manifest.status === 'closed') return undefined;
  if (manifest.status === 'closing') {
    // Given back by a close that failed after the carrier closed it: the form is all that is left to make.
    if (manifest.closingSince === undefined) return undefined;
    const since = Date.parse(manifest.closingSince);
    if (now.getTime() - since < staleClosingMs) return `Manifest ${manifest.id} is being closed right now.`;
    return undefined;
  }
  if (manifest.shipDate > today) {
    return `Manifest ${manifest.id} is for ${manifest.shipDate}, a future date (today is ${today}): close it on its ship date.`;
  }
  if (manifest.packages === 0) {
    return `Manifest ${manifest.id} has no packages (every label on it was voided): there is nothing for the carrier to collect.`;
  }
  const leaseHeld =
    manifest.voidLeaseUntil !== undefined && Date.parse(manifest.voidLeaseUntil) > now.getTime();
  if (manifest.voidsInFlight > 0 && leaseHeld) {
    return `Manifest ${manifest.id} has ${manifest.voidsInFlight} void(s) in progress; close it when they are done.`;
  }
  return undefined;
}

/**
 * How far a close got with the carrier: not yet asked, or asked and refused or failed (`not-closed`);
 * asked with no answer in time (`maybe-closed`); answered with a pickup reference (`closed`).
 */
export type CarrierClose = 'not-closed' | 'maybe-closed' | 'closed';

/**
 * What a close that failed after its claim leaves behind. Only a manifest the carrier surely has not
 * closed opens again to new prints; one it has (or may have) closed stays `closing`, its packages as the
 * carrier has them, given back to the next close, which makes the form (asking the carrier again only
 * when no pickup reference was kept). Prints of its carrier, warehouse and day go to a new manifest.
 */
export function afterFailedClose(carrier: CarrierClose): 'reopen' | 'keep-closing' {
  return carrier === 'not-closed' ? 'reopen' : 'keep-closing';
}
