/**
 * A conditional write that asks for values back is still the request's change: the request's pending
 * idempotency guard rides along in its transaction (the record turns `committed` with it, and a claim
 * taken over by another attempt refuses it), and ALL_NEW answers the item as committed. The one such
 * write today is the manifest close's finish (finishClose).
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { finishClose } from '../../functions/fulfillment/manifests/repository';
import { db, tableName } from '../../shared/db/client';
import { idempotencyKey, manifestKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { RequestGuardLost } from '../../shared/db/request-guard';
import { conditionalUpdate } from '../../shared/db/transactions';
import { newRequestWrites, recordingWrites } from '../../shared/db/write-outcome';
import type { Manifest } from '../../shared/domain/manifest';
import { claimIdempotencyKey } from '../../shared/http/idempotency';
import { newId } from '../../shared/ids';

const at = '2026-11-25T17:00:00.000Z';

async function closingManifest(): Promise<Manifest> {
  const manifest: Manifest = {
    id: newId(),
    processorCode: 'parcel',
    carrier: 'Built-in Parcel',
    warehouseId: newId(),
    warehouseCode: 'DOCK',
    shipDate: '2026-11-25',
    status: 'closing',
    shipments: 1,
    packages: 1,
    weightGrams: 900,
    voidsInFlight: 0,
    closingSince: at,
    pickupReference: 'PICKUP-1',
    createdAt: at,
    updatedAt: at,
    version: 2,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...manifestKey(manifest.id), entity: 'manifest', ...manifest },
    }),
  );
  return manifest;
}

/** A real claim of an Idempotency-Key, as the kernel makes one for a POST. */
async function claim(key: string) {
  const scope = { subject: 'alice', operationId: 'closeManifest', key };
  return {
    claim: await claimIdempotencyKey(scope, 'fingerprint'),
    record: idempotencyKey('alice', 'closeManifest', key),
  };
}

const finish = (manifest: Manifest) =>
  finishClose(manifest.id, {
    pickupReference: 'PICKUP-1',
    fileKey: 'manifests/x.pdf',
    closedBy: 'alice',
    at,
  });

describe('a guarded write that asks for values back', () => {
  it('finishClose (ReturnValues ALL_NEW) carries the guard: the record commits with the close, and the closed manifest is answered', async () => {
    const manifest = await closingManifest();
    const { claim: held, record } = await claim(`finish-${manifest.id}`);
    const writes = newRequestWrites(held.guard);
    const closed = await recordingWrites(writes, () => finish(manifest));
    expect(closed).toMatchObject({
      id: manifest.id,
      status: 'closed',
      fileKey: 'manifests/x.pdf',
      version: 3,
    });
    expect(writes.commits).toBe(1);
    // Without the guard in the write, the record would still say in-progress.
    expect(await getItem(record, true)).toMatchObject({ state: 'committed' });
  });

  it('finishClose is refused when the claim was taken over, and closes nothing', async () => {
    const manifest = await closingManifest();
    const { claim: held, record } = await claim(`lost-${manifest.id}`);
    // Another attempt with the same key took the claim over (its token replaced ours).
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: record,
        UpdateExpression: 'SET #token = :other',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':other': 'another-attempt' },
      }),
    );
    await expect(
      recordingWrites(newRequestWrites(held.guard), () => finish(manifest)),
    ).rejects.toBeInstanceOf(RequestGuardLost);
    expect(await getItem(manifestKey(manifest.id), true)).toMatchObject({ status: 'closing', version: 2 });
  });

  it('conditionalUpdate with ALL_NEW answers the item as committed; without a guard it is a plain update', async () => {
    const manifest = await closingManifest();
    const { claim: held, record } = await claim(`plain-${manifest.id}`);
    const bump = () =>
      conditionalUpdate({
        TableName: tableName(),
        Key: manifestKey(manifest.id),
        UpdateExpression: 'ADD version :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      });
    const guarded = await recordingWrites(newRequestWrites(held.guard), bump);
    expect(guarded).toMatchObject({ id: manifest.id, version: 3 });
    expect(await getItem(record, true)).toMatchObject({ state: 'committed' });
    // No request under way: no guard, DynamoDB's own answer.
    expect(await bump()).toMatchObject({ id: manifest.id, version: 4 });
  });
});
