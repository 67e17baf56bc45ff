/** Manifests (interface §4.3): the day's labels per carrier and warehouse, closed into the end-of-day form. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { closedManifestSchema, manifestListQuery, manifestParams, manifestViewSchema } from './schemas';

export const manifestRoutes = {
  listManifests: route({
    method: 'GET',
    path: '/v1/fulfillment/manifests',
    operationId: 'listManifests',
    summary:
      'Manifests by ship date (newest first), filtered by carrier (processor code), warehouse, status (open, closing, closed)',
    permission: 'read',
    query: manifestListQuery,
    status: 200,
    response: pageOf(manifestViewSchema),
  }),
  closeManifest: route({
    method: 'POST',
    path: '/v1/fulfillment/manifests/{manifestId}/close',
    operationId: 'closeManifest',
    // The carrier's pickup is booked before the close commits: a retry must not book another.
    outsideEffect: true,
    summary:
      'Close a manifest: its end-of-day PDF (every shipment, totals, the carrier pickup reference) to S3, answered with a link; its shipments can no longer be voided. Closing a closed manifest answers it again; one with no packages, or for a future date, is a 409',
    permission: 'write',
    params: manifestParams,
    status: 200,
    response: closedManifestSchema,
  }),
};
