/** Manifests: listed by ship date; closed into the end-of-day form once, however many close at once. */
import { ConditionFailed, TransactionCancelled } from '../../../shared/db/errors';
import { manifestsOfMonth } from '../../../shared/db/keys';
import type { Filter } from '../../../shared/db/query';
import { allOf } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { CarrierClose, Manifest } from '../../../shared/domain/manifest';
import { afterFailedClose, closeRefusal, manifestViewSchema } from '../../../shared/domain/manifest';
import { reportingDay } from '../../../shared/domain/reporting-days';
import { reportingTimeZone } from '../../../shared/aggregates/time-zone';
import type { ManifestField } from '../../../shared/render/manifest-pdf';
import { BadRequest, Conflict, NotFound } from '../../../shared/errors';
import { documentKey } from '../../../shared/files/keys';
import { presignedGetUrl } from '../../../shared/files/presigned-url';
import { putBytes } from '../../../shared/files/put-bytes';
import type { Implementations } from '../../../shared/http/catalogue';
import { monthsOf, queryMonthPages } from '../../../shared/db/month-pages';
import { findWarehouse } from '../../../shared/warehouses/repository';
import { loadPdfRenderers } from '../../../shared/render/load';
import { CarrierTimedOut } from '../carriers/errors';
import { adapterFor } from '../carriers/registry';
import { cachedFormSettings } from '../forms/repository';
import { fieldsOf } from '../forms/schemas';
import type { fulfillmentCatalogue } from '../routes';
import {
  abandonClose,
  claimClose,
  findManifest,
  finishClose,
  manifestEntriesOf,
  recordPickup,
  releaseClose,
} from './repository';

type Routes = typeof fulfillmentCatalogue.routes;
type ManifestOperations = Pick<Implementations<Routes>, 'listManifests' | 'closeManifest'>;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const formFileName = (manifest: Manifest) =>
  `manifest-${manifest.processorCode}-${manifest.warehouseCode}-${manifest.shipDate}.pdf`;

function filterOf(query: { carrier?: string; warehouseId?: string; status?: string }): Filter | undefined {
  return allOf(
    ...(query.carrier
      ? [{ expression: 'processorCode = :carrier', values: { ':carrier': query.carrier } }]
      : []),
    ...(query.warehouseId
      ? [{ expression: 'warehouseId = :warehouseId', values: { ':warehouseId': query.warehouseId } }]
      : []),
    ...(query.status
      ? [
          {
            expression: '#status = :status',
            names: { '#status': 'status' },
            values: { ':status': query.status },
          },
        ]
      : []),
  );
}

async function formLink(manifest: Manifest) {
  const fileName = formFileName(manifest);
  return { ...(await presignedGetUrl(manifest.fileKey!, { fileName })), fileName };
}

/** A closed manifest as answered: the manifest without its locks, and a fresh link to its form. */
async function closedAnswer(manifest: Manifest) {
  return { body: { manifest: toResource(manifestViewSchema, manifest), form: await formLink(manifest) } };
}

/** Today in the warehouse's zone (warehouses carry none of their own: the reporting zone). */
const warehouseToday = (now: Date) => reportingDay(now, reportingTimeZone());

export const manifestOperations: ManifestOperations = {
  async listManifests({ query }) {
    const from = query.from ?? day(-30);
    const to = query.to ?? day(7);
    if (from > to) throw new BadRequest('from must not be after to.');
    const scope = [
      'manifests',
      from,
      to,
      query.carrier ?? '',
      query.warehouseId ?? '',
      query.status ?? '',
    ].join('|');
    if (monthsOf(from, to).length > 24) throw new BadRequest('List at most 24 months of manifests at once.');
    const page = await queryMonthPages({
      from,
      to,
      partitionOf: manifestsOfMonth,
      filter: filterOf(query),
      limit: query.limit,
      cursor: query.cursor,
      scope,
      ascending: false,
    });
    return {
      body: {
        items: page.items.map((item) => toResource(manifestViewSchema, item)),
        nextCursor: page.nextCursor,
      },
    };
  },

  async closeManifest({ params, caller }) {
    const manifest = await findManifest(params.manifestId);
    if (!manifest) throw new NotFound(`No manifest has the id ${params.manifestId}.`);
    if (manifest.status === 'closed') return closedAnswer(manifest);
    const now = new Date();
    const refusal = closeRefusal(manifest, now, warehouseToday(now));
    if (refusal)
      throw new Conflict(refusal, { manifestStatus: manifest.status, voidsInFlight: manifest.voidsInFlight });
    try {
      await claimClose(manifest, now);
    } catch (error) {
      if (!(error instanceof TransactionCancelled || error instanceof ConditionFailed)) throw error;
      // Another close (or a void) got there first: answer what it made of the manifest.
      const current = await findManifest(manifest.id);
      if (current?.status === 'closed') return closedAnswer(current);
      throw new Conflict(
        current
          ? (closeRefusal(current, new Date(), warehouseToday(new Date())) ??
              `Manifest ${manifest.id} changed; try again.`)
          : 'Gone.',
        { manifestStatus: current?.status, voidsInFlight: current?.voidsInFlight },
      );
    }
    const closing: CloseProgress = {
      // A manifest taken while `closing` (given back by a failed close, or left by a crashed one) may
      // already be closed at the carrier, even without a pickup reference kept.
      carrier:
        manifest.pickupReference !== undefined
          ? 'closed'
          : manifest.status === 'closing'
            ? 'maybe-closed'
            : 'not-closed',
      pickupReference: manifest.pickupReference,
    };
    try {
      return closedAnswer(await makeForm(manifest, caller.username, closing));
    } catch (error) {
      // Nothing half-closed is left to prints: a manifest the carrier has not closed is open again and
      // the close can be retried; one it has (or may have) closed keeps its packages, stays out of
      // prints' reach, and the next close makes its form. The failure is answered as it is (an S3
      // outage a 503 with Retry-After): the retry finishes the close.
      const since = now.toISOString();
      await (
        afterFailedClose(closing.carrier) === 'reopen'
          ? abandonClose(manifest, since)
          : releaseClose(manifest.id, since, closing.pickupReference)
      ).catch(() => undefined);
      throw error;
    }
  },
};

/** How far a claimed close got with the carrier, for what its failure leaves behind. */
interface CloseProgress {
  carrier: CarrierClose;
  pickupReference: string | undefined;
}

/** The claimed close's work: the carrier's pickup reference (kept at once), the form, closed. */
async function makeForm(manifest: Manifest, closedBy: string, progress: CloseProgress): Promise<Manifest> {
  const [entries, warehouse, settings] = await Promise.all([
    manifestEntriesOf(manifest.id),
    findWarehouse(manifest.warehouseId),
    cachedFormSettings('manifest'),
  ]);
  // A close retried after a crash or a failed form keeps the pickup the carrier already gave.
  let pickupReference = manifest.pickupReference;
  if (pickupReference === undefined) {
    let receipt;
    try {
      receipt = await adapterFor(manifest.processorCode).closeManifest({
        shipDate: manifest.shipDate,
        warehouseCode: manifest.warehouseCode,
        labels: entries.map((entry) => ({ labelId: entry.labelId, trackingNumber: entry.trackingNumber })),
      });
    } catch (error) {
      // No answer in time: the carrier may have closed it.
      if (error instanceof CarrierTimedOut) progress.carrier = 'maybe-closed';
      throw error;
    }
    pickupReference = receipt.pickupReference;
    progress.carrier = 'closed';
    progress.pickupReference = pickupReference;
    await recordPickup(manifest.id, pickupReference);
  }
  const closedAt = new Date().toISOString();
  const { renderManifestPdf } = await loadPdfRenderers();
  const pdf = await renderManifestPdf({
    paperSize: settings.paperSize === 'a4' ? 'a4' : 'letter',
    ...(settings.footerText ? { footerText: settings.footerText } : {}),
    fields: settings.fields.filter((field): field is ManifestField => fieldsOf.manifest.includes(field)),
    manifestId: manifest.id,
    carrier: manifest.carrier,
    warehouse: {
      code: manifest.warehouseCode,
      name: warehouse?.name ?? manifest.warehouseCode,
      ...(warehouse?.originAddress ? { address: warehouse.originAddress } : {}),
    },
    shipDate: manifest.shipDate,
    closedAt,
    pickupReference,
    shipments: entries.map((entry) => ({
      trackingNumber: entry.trackingNumber,
      orderReference: entry.orderId,
      service: entry.service,
      packages: entry.packages,
      weightGrams: entry.weightGrams,
      ...(entry.cost ? { cost: entry.cost } : {}),
    })),
  });
  const fileKey = documentKey('manifest', manifest.id, manifest.shipDate);
  await putBytes({
    key: fileKey,
    bytes: pdf,
    contentType: 'application/pdf',
    fileName: formFileName(manifest),
  });
  return finishClose(manifest.id, { pickupReference, fileKey, closedBy, at: closedAt });
}
