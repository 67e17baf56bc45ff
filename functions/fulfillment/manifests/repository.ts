/**
 * Manifests in the table (keys in shared/db/keys/fulfillment.ts): the items a print or a void adds to the
 * shipment's transaction, the void reservation, the close's claim and finish, and the reads.
 */
import { tableName } from '../../../shared/db/client';
import {
  manifestEntries,
  manifestEntryKey,
  manifestIndexKeys,
  manifestKey,
  openManifestKey,
} from '../../../shared/db/keys';
import { TransactionCancelled } from '../../../shared/db/errors';
import { getItem, queryAll } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { NamedItem } from '../../../shared/db/transactions';
import { conditionalUpdate, transactWrite } from '../../../shared/db/transactions';
import { withoutRequestGuard } from '../../../shared/db/request-guard';
import type { Manifest, ManifestEntry } from '../../../shared/domain/manifest';
import {
  manifestEntrySchema,
  manifestSchema,
  staleClosingMs,
  voidLeaseMs,
} from '../../../shared/domain/manifest';
import type { Shipment } from '../../../shared/domain/shipment';

export async function findManifest(manifestId: string, consistent = true): Promise<Manifest | undefined> {
  const item = await getItem(manifestKey(manifestId), consistent);
  return item ? toResource(manifestSchema, item) : undefined;
}

/** The id of the manifest open for a carrier, warehouse and ship date, if one is. */
export async function openManifestId(
  processorCode: string,
  warehouseId: string,
  shipDate: string,
): Promise<string | undefined> {
  return openManifestIdIn(await getItem(openManifestKey(processorCode, warehouseId, shipDate), true));
}

/** The same from the pointer item read with other items (undefined: none is open). */
export function openManifestIdIn(pointer: Record<string, unknown> | undefined): string | undefined {
  return typeof pointer?.manifestId === 'string' ? pointer.manifestId : undefined;
}

export async function manifestEntriesOf(manifestId: string): Promise<ManifestEntry[]> {
  const items = await queryAll({ ...manifestEntries(manifestId), consistent: true });
  return items.map((item) => toResource(manifestEntrySchema, item));
}

function entryOf(manifestId: string, shipment: Shipment): ManifestEntry {
  return {
    manifestId,
    shipmentId: shipment.id,
    orderId: shipment.orderId,
    labelId: shipment.labelId ?? shipment.id,
    trackingNumber: shipment.trackingNumber,
    service: shipment.service,
    packages: shipment.packages,
    weightGrams: shipment.weightGrams,
    ...(shipment.cost ? { cost: shipment.cost } : {}),
  };
}

/** Where a print's shipment goes: the open manifest, or a new one (created in the same transaction). */
export type ManifestPlacement =
  | { kind: 'join'; manifestId: string }
  | {
      kind: 'open';
      manifest: Pick<
        Manifest,
        'id' | 'processorCode' | 'carrier' | 'warehouseId' | 'warehouseCode' | 'shipDate'
      >;
    };

/** Makes a manifest the one prints join for its carrier, warehouse and ship date, if none is. */
function openManifestPut(
  manifest: Pick<Manifest, 'id' | 'processorCode' | 'warehouseId' | 'shipDate'>,
): NamedItem {
  return [
    'open-manifest',
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...openManifestKey(manifest.processorCode, manifest.warehouseId, manifest.shipDate),
          manifestId: manifest.id,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** The items that put a shipment on its manifest, named `manifest` and `manifest-entry`. */
export function manifestJoinItems(placement: ManifestPlacement, shipment: Shipment): NamedItem[] {
  const at = new Date().toISOString();
  const manifestId = placement.kind === 'join' ? placement.manifestId : placement.manifest.id;
  const entry: NamedItem = [
    'manifest-entry',
    {
      Put: {
        TableName: tableName(),
        Item: { ...manifestEntryKey(manifestId, shipment.id), ...entryOf(manifestId, shipment) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
  if (placement.kind === 'join') {
    return [
      [
        'manifest',
        {
          Update: {
            TableName: tableName(),
            Key: manifestKey(manifestId),
            UpdateExpression:
              'ADD shipments :one, packages :packages, weightGrams :weight, version :one SET updatedAt = :at',
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':packages': shipment.packages,
              ':weight': shipment.weightGrams,
              ':at': at,
              ':open': 'open',
            },
          },
        },
      ],
      entry,
    ];
  }
  const manifest: Manifest = {
    ...placement.manifest,
    status: 'open',
    shipments: 1,
    packages: shipment.packages,
    weightGrams: shipment.weightGrams,
    voidsInFlight: 0,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  return [
    [
      'manifest',
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...manifestKey(manifest.id),
            ...manifestIndexKeys(manifest),
            entity: 'manifest',
            ...manifest,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
    openManifestPut(manifest),
    entry,
  ];
}

/** Holds a manifest open for a void asked of the carrier (refused once it is closing or closed). */
export async function reserveVoid(manifestId: string): Promise<void> {
  await withoutRequestGuard(() =>
    conditionalUpdate({
      TableName: tableName(),
      Key: manifestKey(manifestId),
      UpdateExpression: 'ADD voidsInFlight :one SET voidLeaseUntil = :lease',
      ConditionExpression: '#status = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':open': 'open',
        ':lease': new Date(Date.now() + voidLeaseMs).toISOString(),
      },
    }),
  );
}

/** Lets go of a reservation whose void the carrier refused. */
export async function releaseVoid(manifestId: string): Promise<void> {
  await withoutRequestGuard(() =>
    conditionalUpdate({
      TableName: tableName(),
      Key: manifestKey(manifestId),
      UpdateExpression: 'ADD voidsInFlight :minusOne',
      ConditionExpression: 'voidsInFlight > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    }),
  );
}

/** The items that take a voided shipment off its manifest and end its reservation. */
export function manifestLeaveItems(manifestId: string, shipment: Shipment): NamedItem[] {
  return [
    [
      'manifest',
      {
        Update: {
          TableName: tableName(),
          Key: manifestKey(manifestId),
          UpdateExpression:
            'ADD shipments :minusOne, packages :packages, weightGrams :weight, voidsInFlight :minusOne, version :one SET updatedAt = :at',
          ConditionExpression: '#status = :open AND voidsInFlight > :zero',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':minusOne': -1,
            ':zero': 0,
            ':packages': -shipment.packages,
            ':weight': -shipment.weightGrams,
            ':at': new Date().toISOString(),
            ':open': 'open',
          },
        },
      },
    ],
    [
      'manifest-entry',
      { Delete: { TableName: tableName(), Key: manifestEntryKey(manifestId, shipment.id) } },
    ],
  ];
}

/**
 * Claims the close. An open manifest (with packages and no void in flight) becomes `closing`, and prints
 * stop joining it: its open pointer goes, when it is still this manifest's (a newer manifest may hold it).
 * A `closing` one is taken when no close holds it (given back after a failure past the carrier) or its
 * close is stale (a crash); its pointer went with its first claim. Refused by name (`manifest`) when
 * another close holds it or it changed since it was read.
 */
export async function claimClose(manifest: Manifest, now: Date): Promise<void> {
  const at = now.toISOString();
  const fromOpen = manifest.status === 'open';
  const pointerIsMine =
    fromOpen &&
    (await openManifestId(manifest.processorCode, manifest.warehouseId, manifest.shipDate)) === manifest.id;
  const claim: NamedItem = [
    'manifest',
    {
      Update: {
        TableName: tableName(),
        Key: manifestKey(manifest.id),
        // A void reservation past its lease (its void crashed) no longer holds the manifest open.
        UpdateExpression:
          'SET #status = :closing, closingSince = :at, updatedAt = :at, voidsInFlight = :zero ADD version :one',
        ConditionExpression: fromOpen
          ? // A void that emptied the manifest since it was read leaves nothing to close.
            '#status = :open AND packages > :zero AND (voidsInFlight = :zero OR voidLeaseUntil < :at)'
          : '#status = :closing AND (attribute_not_exists(closingSince) OR closingSince < :stale)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':closing': 'closing',
          ':zero': 0,
          ':one': 1,
          ':at': at,
          ...(fromOpen
            ? { ':open': 'open' }
            : { ':stale': new Date(now.getTime() - staleClosingMs).toISOString() }),
        },
      },
    },
  ];
  const pointer: NamedItem = [
    'open-manifest',
    {
      Delete: {
        TableName: tableName(),
        Key: openManifestKey(manifest.processorCode, manifest.warehouseId, manifest.shipDate),
        ConditionExpression: 'attribute_not_exists(PK) OR manifestId = :id',
        ExpressionAttributeValues: { ':id': manifest.id },
      },
    },
  ];
  await withoutRequestGuard(() => transactWrite(pointerIsMine ? [claim, pointer] : [claim]));
}

/** Records the closed manifest: its form and pickup reference (only from `closing`, once). */
export async function finishClose(
  manifestId: string,
  closed: { pickupReference: string; fileKey: string; closedBy: string; at: string },
): Promise<Manifest> {
  const item = await conditionalUpdate({
    TableName: tableName(),
    Key: manifestKey(manifestId),
    UpdateExpression:
      'SET #status = :closed, pickupReference = :pickup, fileKey = :file, closedAt = :at, closedBy = :by, updatedAt = :at ADD version :one REMOVE closingSince',
    ConditionExpression: '#status = :closing',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':closed': 'closed',
      ':closing': 'closing',
      ':pickup': closed.pickupReference,
      ':file': closed.fileKey,
      ':at': closed.at,
      ':by': closed.closedBy,
      ':one': 1,
    },
    ReturnValues: 'ALL_NEW',
  });
  return toResource(manifestSchema, item!);
}

/** Keeps the carrier's pickup reference as soon as it is known: a close taken over after a crash reuses it. */
export async function recordPickup(manifestId: string, pickupReference: string): Promise<void> {
  await withoutRequestGuard(() =>
    conditionalUpdate({
      TableName: tableName(),
      Key: manifestKey(manifestId),
      UpdateExpression: 'SET pickupReference = :pickup',
      ConditionExpression: '#status = :closing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pickup': pickupReference, ':closing': 'closing' },
    }),
  );
}

/**
 * A close that failed after its claim, before the carrier closed anything, gives the manifest back: open
 * again (only if still this close's claim, and never once a pickup reference is kept: the carrier has
 * closed it) and, unless a newer manifest took its place meanwhile, the one prints join.
 */
export async function abandonClose(manifest: Manifest, closingSince: string): Promise<void> {
  const reopen: NamedItem = [
    'manifest',
    {
      Update: {
        TableName: tableName(),
        Key: manifestKey(manifest.id),
        UpdateExpression: 'SET #status = :open, updatedAt = :now ADD version :one REMOVE closingSince',
        ConditionExpression:
          '#status = :closing AND closingSince = :mine AND attribute_not_exists(pickupReference)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':open': 'open',
          ':closing': 'closing',
          ':mine': closingSince,
          ':one': 1,
          ':now': new Date().toISOString(),
        },
      },
    },
  ];
  const pointer = openManifestPut(manifest);
  await withoutRequestGuard(async () => {
    try {
      await transactWrite([reopen, pointer]);
    } catch (error) {
      if (!(error instanceof TransactionCancelled) || error.refused('manifest')) throw error;
      await transactWrite([reopen]);
    }
  });
}

/**
 * A close that failed after the carrier closed the manifest (or may have) lets go of its claim and leaves
 * it `closing`: its packages stay as the carrier has them, no print joins it (its open pointer went with
 * the claim, so the day's next print opens a new manifest) and no void starts on it. The next close takes
 * it at once and makes the form, with the pickup reference kept here when there is one (only if still
 * this close's claim).
 */
export async function releaseClose(
  manifestId: string,
  closingSince: string,
  pickupReference: string | undefined,
): Promise<void> {
  await withoutRequestGuard(() =>
    conditionalUpdate({
      TableName: tableName(),
      Key: manifestKey(manifestId),
      UpdateExpression: `SET updatedAt = :now${pickupReference === undefined ? '' : ', pickupReference = :pickup'} ADD version :one REMOVE closingSince`,
      ConditionExpression: '#status = :closing AND closingSince = :mine',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':closing': 'closing',
        ':mine': closingSince,
        ':one': 1,
        ':now': new Date().toISOString(),
        ...(pickupReference === undefined ? {} : { ':pickup': pickupReference }),
      },
    }),
  );
}
