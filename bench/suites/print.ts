/**
 * Printing a label (POST /v1/fulfillment/ship-now/{orderId}/print, built-in `parcel` carrier) through the
 * fulfillment handler, against what its storage does, sent bare with the same clients: the DynamoDB
 * commands it was recorded sending (replayed with each order's own keys and the versions read) plus one
 * S3 PutObject of the label's bytes. Target ≤ 1.15 × bare median; DynamoDB round trips before the
 * transaction ≤ 3. The label render is not on the bare side: renderLabelPdf is timed on its own (first
 * render in a fresh process, warm median). Then the fulfillment bundle's module load against the
 * DynamoDB-clients baseline (target ≤ 1.3 ×), with the deployed NODE_OPTIONS and without.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { BatchGetCommandOutput, QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { functionNodeOptions } from '../../infra/constructs/group-function';
import { buildApiEvent } from '../../infra/local/api-event';
import { handlerEntry } from '../../functions/catalogue';
import { readFormSettings } from '../../functions/fulfillment/forms/repository';
import { labelDocument, labelFileName } from '../../functions/fulfillment/labels/label-document';
import { db } from '../../shared/db/client';
import type { Shipment } from '../../shared/domain/shipment';
import { attachmentDisposition } from '../../shared/files/content-disposition';
import { filesBucket, s3 } from '../../shared/files/s3/client';
import { documentKey } from '../../shared/files/keys';
import { newId } from '../../shared/ids';
import { loadOrder } from '../../shared/orders/repository';
import { applyStockMovements } from '../../shared/stock/ledger';
import { seedWarehouse, dockOrigin } from '../../test/support/builders';
import { claimsFor } from '../../test/support/call';
import { round, summarize } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { interleave } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { bundle } from '../support/bundle';
import { invokeBundledHandler } from '../support/child-runs';
import { deepFreeze } from '../support/deep-freeze';
import { startBenchS3 } from '../support/bench-s3';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { baselineEntry } from '../support/function-entries';
import { lambdaContext } from '../support/lambda-context';
import { loadTimesWith, runKey, splitBundle } from '../support/print-module-load';
import type { TimedCommand } from '../support/print-timeline';
import { recordTimeline, rekey, roundsOf, stringsMatching } from '../support/print-timeline';
import { orderBody, summaryRows } from './orders';
import { consumeLayers } from '../../shared/domain/stock-ledger';

const target = 1.15;
const roundTripTarget = 3;
const loadTarget = 1.3;
const tableName = 'bench-print';
const bucket = 'bench-print-files';
const schedule = { warmup: 4, rounds: 16, perRound: 5 };
const loadSamples = 15;
const topPackages = 10;
const renderProcesses = 5;
const warmRenders = 20;
const sides = ['handler', 'bare', 'bare3'] as const;
type Side = (typeof sides)[number];

type Handler = (event: unknown, context: typeof lambdaContext) => Promise<unknown>;
type Item = Record<string, unknown>;
type TransactItem = { Put?: Item & { Item: Item }; Update?: Item & { Key: Item } };

const origin = dockOrigin;
/** Fixed width, so one id is never a prefix of another when rekeying. */
const orderIdOf = (side: string, n: number) => `PRINT-${side.toUpperCase()}-${String(n).padStart(4, '0')}`;
const ulidPattern = /[0-9A-HJKMNP-TV-Z]{26}/g;
const instantPattern = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

const keyOf = (entry: TransactItem) => (entry.Put?.Item ?? entry.Update!.Key) as { PK: string; SK: string };

/** What must agree between the handler's transaction and the bare one, item by item. */
function transactionShape(items: readonly TransactItem[]) {
  return items.map((entry) => {
    const [operation, body] = Object.entries(entry)[0] as [string, Item];
    const { PK, SK } = keyOf(entry);
    return {
      operation,
      pk: PK.split('#')[0],
      sk: SK.split('#')[0]!.replace(instantPattern, '<instant>'),
      condition: body.ConditionExpression,
      update: body.UpdateExpression,
      attributes: body.Item ? Object.keys(body.Item as Item).sort() : undefined,
    };
  });
}

const isTransaction = (call: TimedCommand) => call.name === 'TransactWriteItemsCommand';
const replayable = new Set([
  'GetItemCommand',
  'QueryCommand',
  'BatchGetItemCommand',
  'PutObjectCommand',
  'TransactWriteItemsCommand',
]);

/** The partition a read names: a GetItem's key, a Query's :pk, a BatchGetItem's first key. */
function pkOf(call: TimedCommand): string {
  const input = call.input;
  if (input.Key) return String((input.Key as Item).PK);
  if (input.ExpressionAttributeValues) return String((input.ExpressionAttributeValues as Item)[':pk']);
  if (input.RequestItems) {
    return String(Object.values(input.RequestItems as Record<string, { Keys: Item[] }>)[0]!.Keys[0]!.PK);
  }
  return '';
}

const isConsistent = (call: TimedCommand) =>
  call.input.ConsistentRead === true ||
  Object.values((call.input.RequestItems as Record<string, Item> | undefined) ?? {}).some(
    (request) => request.ConsistentRead === true,
  );

/**
 * The recorded transaction for another order: ids and instants swapped, each stock record as just read
 * with the template's movement applied (on the version read), the header on the version read.
 */
function bareTransaction(
  template: readonly TransactItem[],
  swaps: ReadonlyArray<readonly [string, string]>,
  at: string,
  orderRead: QueryCommandOutput,
  stockRead: BatchGetCommandOutput,
  movementOf: ReadonlyMap<string, Item>,
): TransactItem[] {
  const header = orderRead.Items!.find((item) => item.SK === 'A#ORDER')!;
  const records = new Map(
    Object.values(stockRead.Responses!)
      .flat()
      .map((record) => [String(record.sku), record]),
  );
  const moved = (sku: string) => {
    const stored = records.get(sku)!;
    const movement = movementOf.get(sku)!;
    const onHand = Number(stored.onHand) + Number(movement.quantity);
    const allocated = Number(stored.allocated) + Number(movement.allocatedChange);
    return {
      stored,
      units: -Number(movement.quantity),
      onHand,
      allocated,
      available: Math.max(0, onHand - allocated),
      backordered: Math.max(0, allocated - onHand),
    };
  };
  return rekey(template, swaps).map((entry): TransactItem => {
    const { PK, SK } = keyOf(entry);
    if (PK.startsWith('STOCK#')) {
      const { stored, units, onHand, allocated, available, backordered } = moved(String(entry.Put!.Item.sku));
      return {
        Put: {
          ...entry.Put!,
          Item: {
            ...stored,
            onHand,
            allocated,
            available,
            backordered,
            layers: consumeLayers(stored.layers as Array<{ quantity: number }>, units),
            version: Number(stored.version) + 1,
            updatedAt: at,
          },
          ExpressionAttributeValues: { ':read': stored.version },
        },
      };
    }
    if (PK.startsWith('MOVEMENTS#')) {
      const { onHand, available, backordered } = moved(String(entry.Put!.Item.sku));
      return {
        Put: {
          ...entry.Put!,
          Item: {
            ...entry.Put!.Item,
            onHandAfter: onHand,
            availableAfter: available,
            backorderedAfter: backordered,
          },
        },
      };
    }
    if (SK === 'A#ORDER') {
      return {
        Put: {
          ...entry.Put!,
          Item: { ...entry.Put!.Item, createdAt: header.createdAt, version: Number(header.version) + 1 },
          ExpressionAttributeValues: { ':read': header.version },
        },
      };
    }
    return entry;
  });
}

const describeKey = (call: TimedCommand): string => {
  const input = call.input;
  if (call.client === 's3')
    return `${String(input.Key).split('/')[0]}/… (${(input.Body as { bytes: number }).bytes} bytes)`;
  if (input.Key) return `${(input.Key as Item).PK} / ${(input.Key as Item).SK}`;
  if (input.KeyConditionExpression) {
    const values = input.ExpressionAttributeValues as Item;
    return `${input.IndexName ? `${String(input.IndexName)} ` : ''}${String(values[':pk'])}${values[':sk'] ? ` / ${String(values[':sk'])}…` : ''}`;
  }
  if (input.RequestItems) {
    const keys = Object.values(input.RequestItems as Record<string, { Keys: Item[] }>)[0]!.Keys;
    return `${keys.length} keys (${String(keys[0]!.PK).split('#')[0]}#…)`;
  }
  if (input.TransactItems) return `${(input.TransactItems as unknown[]).length} items`;
  return '';
};

export const print: Suite = {
  name: 'print',
  description:
    'label print through the fulfillment handler against its bare DynamoDB calls and S3 put; label render; fulfillment bundle load',
  run: () =>
    withHandlerEnvironment(tableName, async (stdout) => {
      const work = mkdtempSync(join(tmpdir(), 'bench-print-'));
      const s3Local = await startBenchS3(work, bucket);
      try {
        // A warehouse that ships from an address, the 20 SKUs of the order in stock there.
        const warehouse = await seedWarehouse({ code: 'PRINT', originAddress: origin });
        const baseBody = { ...orderBody([]), warehouseId: warehouse.id };
        await applyStockMovements(
          baseBody.lines.map((line) => ({
            sku: line.sku,
            warehouseId: warehouse.id,
            type: 'receipt' as const,
            quantity: 100_000,
            unitCost: 100,
          })),
        );
        const { handler: orders } = (await import('../../functions/orders/handler')) as { handler: Handler };
        const { handler: fulfillment } = (await import('../../functions/fulfillment/handler')) as {
          handler: Handler;
        };
        const event = (method: string, path: string, body: unknown, group: string) => {
          const { group: routed, ...apiEvent } = buildApiEvent({
            method,
            path,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            claims: claimsFor('manager'),
          });
          if (routed !== group) throw new Error(`${method} ${path} routes to ${routed}, not ${group}`);
          return deepFreeze(apiEvent);
        };
        const send = async (handler: Handler, request: unknown, expected: number) => {
          const response = (await handler(request, lambdaContext)) as { statusCode: number; body: string };
          if (response.statusCode !== expected)
            throw new Error(`handler answered ${response.statusCode}: ${response.body}`);
          return JSON.parse(response.body) as Item;
        };
        // A paid 20-line order in the warehouse (its stock allocated), awaiting shipment.
        const prepareOrder = async (id: string) => {
          const created = await send(orders, event('PUT', `/v1/orders/${id}`, baseBody, 'orders'), 201);
          const { balance } = created.totals as { balance: number };
          await send(
            orders,
            event('POST', `/v1/orders/${id}/payments`, { amount: balance, method: 'card' }, 'orders'),
            201,
          );
        };
        const shipDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        const printBody = {
          processorCode: 'parcel',
          serviceCode: 'ground',
          packages: [{ weightGrams: 1200 }],
          shipDate,
        };
        const printEvent = (id: string) =>
          event('POST', `/v1/fulfillment/ship-now/${id}/print`, printBody, 'fulfillment');

        // Calibration: the first print of the process (it opens the day's manifest and loads the
        // renderer), then one recorded print of a warm handler, whose commands the bare side replays.
        const warmupId = orderIdOf('w', 0);
        const calibrationId = orderIdOf('c', 0);
        await prepareOrder(warmupId);
        await prepareOrder(calibrationId);
        await send(fulfillment, printEvent(warmupId), 201);
        const calibrationEvent = printEvent(calibrationId);
        const recorder = recordTimeline({ dynamodb: db(), s3: s3() });
        const calibrationStart = new Date().toISOString();
        const printed = await send(fulfillment, calibrationEvent, 201);
        recorder.stop();
        const recorded = [...recorder.calls];
        const shipment = printed.shipment as Shipment;
        if (shipment.orderId !== calibrationId || !shipment.manifestId || shipment.lines.length !== 20)
          throw new Error(`the print answered an unexpected shipment: ${JSON.stringify(shipment)}`);

        // The commands it sent, in the order they started, grouped into round trips (commands in flight
        // together are one round). The presigned link goes through the S3 client's stack as a
        // GetObjectCommand but is signed locally: no request, not a command here.
        const network = recorded.filter((call) => call.name !== 'GetObjectCommand');
        const presigns = recorded.length - network.length;
        const rounds = roundsOf(network);
        const dynamoCalls = network.filter((call) => call.client === 'dynamodb');
        const transaction = network.at(-1)!;
        if (
          transaction.name !== 'TransactWriteItemsCommand' ||
          dynamoCalls.filter(isTransaction).length !== 1
        )
          throw new Error(
            `the print did not end in one transaction: ${network.map((c) => c.name).join(', ')}`,
          );
        const roundsBeforeTransaction = rounds.filter(
          (group) => group.some((call) => call.client === 'dynamodb') && !group.includes(transaction),
        ).length;
        const unknown = network.filter((call) => !replayable.has(call.name));
        if (unknown.length > 0)
          throw new Error(
            `the print sends ${unknown.map((c) => c.name).join(', ')}: teach the bare side those`,
          );
        const commandRows: Row[] = rounds.flatMap((group, index) =>
          group.map((call) => ({
            round: index + 1,
            client: call.client === 'dynamodb' ? 'DynamoDB' : 'S3',
            command: call.name.replace(/Command$/, ''),
            key: describeKey(call),
            consistent: call.client === 's3' ? null : isConsistent(call),
            'start ms': round(call.startMs - network[0]!.startMs, 1),
            ms: round(call.endMs - call.startMs, 1),
          })),
        );
        const repeatedReads = dynamoCalls.filter(
          (call, index) =>
            !isTransaction(call) &&
            dynamoCalls.slice(0, index).some((earlier) => isDeepStrictEqual(earlier.input, call.input)),
        );
        const templateItems = transaction.input.TransactItems as TransactItem[];
        const labelBytes = new Uint8Array(
          await (
            await s3().send(new GetObjectCommand({ Bucket: filesBucket(), Key: shipment.labelKey! }))
          ).Body!.transformToByteArray(),
        );

        // The bare side: the same commands with another order's keys, in the same rounds (or in the three
        // rounds a print could do with). Ids the print made (shipment, history entries, movements) are new
        // ulids, instants of the print are now, and the stock records and the header are written on the
        // versions the bare reads found, the stock figures moved by the units the template moved.
        const printIds = [...stringsMatching(templateItems, ulidPattern)].filter(
          (id) => id !== warehouse.id && id !== shipment.manifestId,
        );
        const printInstants = [...stringsMatching(templateItems, instantPattern)].filter(
          (instant) => instant >= calibrationStart,
        );
        const movementOf = new Map(
          templateItems
            .filter((entry) => keyOf(entry).PK.startsWith('MOVEMENTS#'))
            .map((entry) => [String(entry.Put!.Item.sku), entry.Put!.Item]),
        );
        // The three rounds: what needs nothing read first (the order once, the rules, the forms), then
        // what needs the order (warehouse, open manifest keyed by the requested ship date, a stock check),
        // the S3 put, then the ledger's stock read after the decision, and the transaction. A read this
        // does not know keeps a round of its own, so the row never flatters.
        const firstOf = (test: (call: TimedCommand) => boolean) => network.filter(test).slice(0, 1);
        const isOrderRead = (call: TimedCommand) =>
          call.name === 'QueryCommand' && pkOf(call).startsWith('ORDER#');
        const stockReads = network.filter(
          (call) => call.name === 'BatchGetItemCommand' && pkOf(call).startsWith('STOCK#'),
        );
        const ledgerRead = stockReads.at(-1);
        const threeRounds: TimedCommand[][] = [
          [
            ...firstOf(isOrderRead),
            ...network.filter((call) => call.name === 'QueryCommand' && pkOf(call) === 'AUTORULES'),
            ...network.filter((call) => call.name === 'GetItemCommand' && pkOf(call) === 'SETTINGS'),
          ],
          [
            ...network.filter(
              (call) =>
                call.name === 'GetItemCommand' &&
                (pkOf(call).startsWith('WAREHOUSE#') || pkOf(call).startsWith('OPENMANIFEST#')),
            ),
            ...stockReads.filter((call) => call !== ledgerRead),
          ],
          network.filter((call) => call.client === 's3'),
          ...(ledgerRead ? [[ledgerRead]] : []),
        ];
        const placed = new Set(threeRounds.flat());
        for (const call of network) {
          if (
            !placed.has(call) &&
            !isTransaction(call) &&
            !(isOrderRead(call) && placed.has(firstOf(isOrderRead)[0]!))
          )
            threeRounds.splice(-1, 0, [call]);
        }
        threeRounds.push([transaction]);
        const threeRoundTrips = threeRounds.filter(
          (group) => group.some((call) => call.client === 'dynamodb') && !group.includes(transaction),
        ).length;

        const barePrint = async (id: string, plan: readonly TimedCommand[][]) => {
          const at = new Date().toISOString();
          const swaps: Array<[string, string]> = [
            [calibrationId, id],
            ...printIds.map((printId): [string, string] => [printId, newId()]),
            ...printInstants.map((instant): [string, string] => [instant, at]),
          ];
          let orderRead: QueryCommandOutput | undefined;
          let stockRead: BatchGetCommandOutput | undefined;
          const replay = async (call: TimedCommand): Promise<void> => {
            const input = rekey(call.input, [[calibrationId, id]]) as never;
            switch (call.name) {
              case 'GetItemCommand':
                await db().send(new GetCommand(input));
                return;
              case 'QueryCommand': {
                const output = await db().send(new QueryCommand(input));
                if (isOrderRead(call)) orderRead = output;
                return;
              }
              case 'BatchGetItemCommand': {
                const output = await db().send(new BatchGetCommand(input));
                if (pkOf(call).startsWith('STOCK#')) stockRead = output;
                return;
              }
              case 'PutObjectCommand':
                await s3().send(
                  new PutObjectCommand({
                    Bucket: filesBucket(),
                    Key: documentKey('label', newId(), shipDate),
                    Body: labelBytes,
                    ContentType: 'application/pdf',
                    ContentDisposition: attachmentDisposition(
                      labelFileName({ orderId: id, trackingNumber: shipment.trackingNumber }),
                    ),
                  }),
                );
                return;
              case 'TransactWriteItemsCommand':
                await db().send(
                  new TransactWriteCommand({
                    TransactItems: bareTransaction(
                      templateItems,
                      swaps,
                      at,
                      orderRead!,
                      stockRead!,
                      movementOf,
                    ) as never,
                  }),
                );
                return;
              default:
                throw new Error(`no bare replay of ${call.name}`);
            }
          };
          for (const group of plan) await Promise.all(group.map(replay));
        };

        // Orders for every timed call (each call prints an order of its own), prepared beforehand; the
        // bare sides' first ones are for the checks below.
        const perSide = schedule.warmup + schedule.rounds * schedule.perRound;
        const queues = new Map<Side, string[]>(sides.map((side) => [side, []]));
        for (let n = 0; n <= perSide; n++) {
          for (const side of sides) {
            if (n === perSide && side === 'handler') continue;
            const id = orderIdOf(side === 'bare3' ? 'f' : side[0]!, n);
            await prepareOrder(id);
            queues.get(side)!.push(id);
          }
        }
        const handlerEvents = queues.get('handler')!.map(printEvent);

        // Both sides send the same commands: the bare replay recorded beside the handler's.
        const bareId = queues.get('bare')!.shift()!;
        const bareRecorder = recordTimeline({ dynamodb: db(), s3: s3() });
        await barePrint(bareId, rounds);
        bareRecorder.stop();
        const bareNetwork = bareRecorder.calls;
        const asCalibration = (value: unknown) => rekey(value, [[bareId, calibrationId]]);
        deepStrictEqual(
          bareNetwork.map((call) => call.name),
          network.map((call) => call.name),
          'the bare side sends the handler’s commands',
        );
        deepStrictEqual(
          roundsOf(bareNetwork).map((group) => group.length),
          rounds.map((group) => group.length),
          'in the same rounds',
        );
        network.forEach((call, index) => {
          const bare = bareNetwork[index]!;
          if (isTransaction(call)) {
            deepStrictEqual(
              transactionShape(bare.input.TransactItems as TransactItem[]),
              transactionShape(templateItems),
              'the same transaction items',
            );
          } else if (call.client === 's3') {
            const { Key: _bareKey, ...bareInput } = bare.input;
            const { Key: _handlerKey, ...handlerInput } = call.input;
            deepStrictEqual(asCalibration(bareInput), handlerInput, 'the same PutObject (bytes, type, name)');
          } else {
            deepStrictEqual(
              asCalibration(bare.input),
              call.input,
              `${call.name} ${index + 1}: the same read`,
            );
          }
        });
        const transactionBytes = {
          handler: JSON.stringify(templateItems).length,
          bare: JSON.stringify(asCalibration(bareNetwork.at(-1)!.input.TransactItems)).length,
        };
        // The three-round plan sends the same commands less the repeated order read.
        const threeId = queues.get('bare3')!.shift()!;
        const threeRecorder = recordTimeline({ dynamodb: db(), s3: s3() });
        await barePrint(threeId, threeRounds);
        threeRecorder.stop();
        deepStrictEqual(
          roundsOf(threeRecorder.calls).length,
          threeRounds.length,
          'the three-round plan runs in its rounds',
        );

        // Timed: one print per call, each of a fresh order; the timeline stays on (names and times only,
        // on both sides alike) to take each handler call's gap between its reads and its S3 put.
        const timeline = recordTimeline({ dynamodb: db(), s3: s3() }, false);
        const gaps: number[] = [];
        let timedCalls = 0;
        const samples = await interleave(
          [
            {
              name: 'handler',
              call: async () => {
                timeline.clear();
                await send(fulfillment, handlerEvents[timedCalls++]!, 201);
                // From the end of the reads before the purchase (the round before the put's, which the
                // order writer's stock read shares) to the put: buy + render.
                const rounds = roundsOf(timeline.calls);
                const putRound = rounds.findIndex((round) =>
                  round.some((call) => call.name === 'PutObjectCommand'),
                );
                const put = rounds[putRound]!.find((call) => call.name === 'PutObjectCommand')!;
                gaps.push(put.startMs - Math.max(...rounds[putRound - 1]!.map((call) => call.endMs)));
              },
            },
            { name: 'bare', call: () => barePrint(queues.get('bare')!.shift()!, rounds) },
            { name: 'bare3', call: () => barePrint(queues.get('bare3')!.shift()!, threeRounds) },
          ],
          schedule,
        );
        timeline.stop();
        const after = await loadOrder(orderIdOf('b', perSide));
        if (after?.order.fulfillmentState !== (await loadOrder(calibrationId))?.order.fulfillmentState)
          throw new Error('the bare print left the order in another fulfillment state than the handler’s');
        // Every order prepared was printed, by one side or the other: nothing stays allocated, and on hand
        // is what the receipts put there less every print's units (the bare writes moved the same figures).
        const printedOrders = 2 + perSide + 2 * (perSide + 1);
        const stockNow = await db().send(new BatchGetCommand(stockReads.at(-1)!.input as never));
        for (const record of Object.values(stockNow.Responses!).flat()) {
          const units = baseBody.lines.find((line) => line.sku === record.sku)!.quantity;
          const expected = 100_000 - printedOrders * units;
          if (record.allocated !== 0 || record.onHand !== expected || record.layers[0]?.quantity !== expected)
            throw new Error(`stock ${String(record.sku)} is off after the run: ${JSON.stringify(record)}`);
        }
        const writes = stdout.writes();
        stdout.restore();

        // The render alone: the document this print rendered, in fresh processes (bundled as shipped).
        const stored = (await loadOrder(calibrationId))!;
        const [labelForm, slipForm] = await Promise.all([
          readFormSettings('label'),
          readFormSettings('packing-slip'),
        ]);
        const document = labelDocument({
          order: stored.order,
          shipment,
          shipFrom: origin,
          label: labelForm,
          packingSlip: slipForm,
        });
        const renderer = await bundle(
          { name: 'label renderer', entry: 'bench/support/print-render-entry.ts' },
          join(work, 'render'),
          0,
        );
        const renderEvent = join(work, 'render-event.json');
        writeFileSync(renderEvent, JSON.stringify({ document, warmRenders }));
        const renders: Array<{ loadMs: number; firstMs: number; bytes: number; warmMs: number[] }> = [];
        for (let i = 0; i < renderProcesses; i++) {
          const child = await invokeBundledHandler(renderer.file, renderEvent, {
            NODE_OPTIONS: functionNodeOptions,
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          });
          const result = child.result as { firstMs: number; bytes: number; warmMs: number[] };
          renders.push({ loadMs: child.loadMs, ...result });
        }
        const warm = summarize(renders.flatMap((run) => run.warmMs));
        const first = summarize(renders.map((run) => run.firstMs));
        const load = summarize(renders.map((run) => run.loadMs));
        const gap = summarize(gaps.slice(schedule.warmup));

        // Module load of the fulfillment bundle as it ships, and code-split, against the baseline.
        const baseline = await bundle(baselineEntry, join(work, 'bundles'), 0);
        const shipped = await bundle(
          { name: 'fulfillment', entry: handlerEntry('fulfillment') },
          join(work, 'bundles'),
          1,
        );
        const split = await splitBundle(
          { name: 'fulfillment', entry: handlerEntry('fulfillment') },
          join(work, 'split'),
        );
        const settings = [functionNodeOptions, ''];
        const files = [baseline.file, shipped.file, split.file];
        const times = loadTimesWith(
          files.flatMap((file) => settings.map((nodeOptions) => ({ file, nodeOptions }))),
          loadSamples,
        );
        const loadOf = (file: string, nodeOptions: string) =>
          summarize(times.get(runKey({ file, nodeOptions }))!);
        const loadRow = (name: string, file: string, bytes: number, compared: boolean | 'info'): Row => {
          const deployed = loadOf(file, functionNodeOptions);
          const clean = loadOf(file, '');
          const ratio = deployed.medianMs / loadOf(baseline.file, functionNodeOptions).medianMs;
          return {
            bundle: name,
            KB: round(bytes / 1024, 1),
            'size ×': compared ? round(bytes / baseline.bytes, 2) : null,
            'load median ms': round(deployed.medianMs, 1),
            'load p95 ms': round(deployed.p95Ms, 1),
            'load ×': compared ? round(ratio, 2) : null,
            verdict: compared === true ? verdict(ratio, loadTarget) : compared || null,
            'no NODE_OPTIONS: median ms': round(clean.medianMs, 1),
            'no NODE_OPTIONS: load ×': compared
              ? round(clean.medianMs / loadOf(baseline.file, '').medianMs, 2)
              : null,
          };
        };
        const inBaseline = new Map(baseline.packages.map((entry) => [entry.name, entry.bytes]));
        const inSplit = new Map(split.loadedPackages.map((entry) => [entry.name, entry.bytes]));
        const packageRows: Row[] = shipped.packages
          .map((entry) => ({ ...entry, growth: entry.bytes - (inBaseline.get(entry.name) ?? 0) }))
          .sort((a, b) => b.growth - a.growth)
          .slice(0, topPackages)
          .map((entry) => ({
            package: entry.name,
            'KB over baseline, as it ships': round(entry.growth / 1024, 1),
            'KB over baseline, code-split (loaded at start)': round(
              Math.max(0, (inSplit.get(entry.name) ?? 0) - (inBaseline.get(entry.name) ?? 0)) / 1024,
              1,
            ),
          }));
        const pdfBytes = shipped.packages
          .filter((entry) => entry.name.includes('pdf-lib') || entry.name === 'pako')
          .reduce((sum, entry) => sum + entry.bytes, 0);

        const handlerSamples = samples.get('handler')!;
        const bareSamples = samples.get('bare')!;
        const bare3 = summarize(samples.get('bare3')!);
        const bareSummary = summarize(bareSamples);
        const shortName = (call: TimedCommand) => {
          const name = call.name
            .replace(/(Item)?Command$/, '')
            .replace('TransactWriteItems', 'TransactWrite');
          if (call.name === 'BatchGetItemCommand')
            return `${name}(${Object.values(call.input.RequestItems as Record<string, { Keys: unknown[] }>)[0]!.Keys.length})`;
          if (isTransaction(call)) return `${name}(${templateItems.length})`;
          return name;
        };
        const planLabel = (plan: readonly TimedCommand[][]) =>
          plan.map((group) => group.map(shortName).join('‖')).join(' → ');
        const callsLabel = planLabel(rounds);
        return {
          tables: [
            {
              title: `Commands of one print (a warm handler; ${dynamoCalls.length} DynamoDB + ${network.length - dynamoCalls.length} S3 PutObject; ${roundsBeforeTransaction} DynamoDB round trips before the transaction, target ≤ ${roundTripTarget}: ${verdict(roundsBeforeTransaction, roundTripTarget)})`,
              rows: commandRows,
            },
            {
              title: `Print: a 20-line order through the fulfillment handler against its bare DynamoDB calls and S3 put (target ≤ ${target} ×)`,
              rows: [
                ...summaryRows('print', handlerSamples, bareSamples, callsLabel, target),
                {
                  call: `print bare in ${threeRoundTrips} DynamoDB round trips + transaction: ${planLabel(threeRounds)} (info)`,
                  n: bare3.n,
                  'median ms': round(bare3.medianMs, 3),
                  'p95 ms': round(bare3.p95Ms, 3),
                  'overhead median ms': round(bare3.medianMs - bareSummary.medianMs, 3),
                  '× bare (median)': round(bare3.medianMs / bareSummary.medianMs, 3),
                  verdict: 'info',
                },
                {
                  call: 'in the handler: buy + render, beside the order writer’s stock read (from the reads before the purchase to the put; info)',
                  n: gap.n,
                  'median ms': round(gap.medianMs, 3),
                  'p95 ms': round(gap.p95Ms, 3),
                  'overhead median ms': null,
                  '× bare (median)': null,
                  verdict: 'info',
                },
              ],
            },
            {
              title: `Label render: renderLabelPdf of this print's label (bundled, ${renderProcesses} fresh processes with NODE_OPTIONS as deployed)`,
              rows: [
                {
                  measure: 'import of the renderer bundle (pdf-lib, fontkit) in a fresh process',
                  n: load.n,
                  'median ms': round(load.medianMs, 1),
                  'p95 ms': round(load.p95Ms, 1),
                },
                {
                  measure: 'first render in the process (fonts read and parsed)',
                  n: first.n,
                  'median ms': round(first.medianMs, 1),
                  'p95 ms': round(first.p95Ms, 1),
                },
                {
                  measure: `warm render (renders 2–${warmRenders + 1} of each process)`,
                  n: warm.n,
                  'median ms': round(warm.medianMs, 1),
                  'p95 ms': round(warm.p95Ms, 1),
                },
              ],
            },
            {
              title: `Fulfillment bundle: module load against the DynamoDB clients (target ≤ ${loadTarget} ×, NODE_OPTIONS=${functionNodeOptions})`,
              rows: [
                loadRow(baseline.name, baseline.file, baseline.bytes, false),
                loadRow('fulfillment, as it ships', shipped.file, shipped.bytes, true),
                loadRow(
                  `fulfillment, code-split (index.mjs + static chunks; ${round(split.totalBytes / 1024, 0)} KB in all)`,
                  split.file,
                  split.loadedBytes,
                  'info',
                ),
              ],
            },
            {
              title: `What the fulfillment bundle adds over the baseline, by package (top ${topPackages}, minified KB from the metafile)`,
              rows: packageRows,
            },
          ],
          notes: [
            `DynamoDB Local in memory, s3rver on loopback; handler in this process, LOG_LEVEL=info, stdout swallowed (${writes} lines). Each call prints a paid 20-line order of its own (PUT and payment through the orders handler beforehand, its stock allocated in a warehouse with an origin address), parcel/ground, 1 package of 1.2 kg, ship date ${shipDate}; every print joins the day's open manifest (the first print of the process opened it). ${schedule.warmup} warm-up calls each, then ${schedule.rounds} alternating rounds of ${schedule.perRound}; no automation rules.`,
            `Commands (recorded on a warm handler, middleware on both clients; ‖ = sent together): ${rounds
              .map(
                (group, index) =>
                  `${index + 1}) ${group.map((call) => `${shortName(call)} ${call.client === 's3' ? 'labels/…' : pkOf(call).replace(/#.*$/, '#…')}${isConsistent(call) ? ' (consistent)' : ''}`).join(' ‖ ')}`,
              )
              .join(
                '; ',
              )}. ${dynamoCalls.length} DynamoDB commands and ${network.length - dynamoCalls.length} S3 PutObject; ${roundsBeforeTransaction} sequential DynamoDB round trips before the transaction (commands sent together count once). Repeated with the same input: ${repeatedReads.map((call) => `${shortName(call)} ${pkOf(call).replace(/#.*$/, '#…')}`).join(', ') || 'none'}. The ${presigns} GetObjectCommand the S3 client also sees is the presigned link, signed locally (no request).`,
            `Transaction items: ${Object.entries(
              transactionShape(templateItems).reduce<Record<string, number>>((counts, item) => {
                const name = `${item.operation} ${item.pk}/${item.sk}`;
                counts[name] = (counts[name] ?? 0) + 1;
                return counts;
              }, {}),
            )
              .map(([name, count]) => `${count}× ${name}`)
              .join(
                ', ',
              )}; ${transactionBytes.handler} bytes of JSON in the handler's, ${transactionBytes.bare} in the bare one's.`,
            `Bare side: the handler's recorded commands replayed with the same clients, each for its own order: the reads with the order's keys, the label's ${labelBytes.byteLength} bytes (the handler's stored PDF) in one PutObject with the same type and disposition, and the transaction rebuilt from the recorded one (new shipment, history and movement ids, the stock records and the header on the versions just read, the stock figures moved by the same units). Checked before timing: the same command sequence in the same rounds, each read equal to the handler's with the order's keys, the same transaction items (operation, key prefixes, conditions, update expressions, attribute names), the same PutObject; after it: every stock record at the figures all the prints (handler and bare) together should leave. It skips the handler's own work: routing, validation, the carrier's rate table, the label render, deciding the order change, the presigned link, shaping and logging the answer.`,
            `The ${threeRoundTrips}-round bare row (no verdict) sends the handler's commands less the repeated order Query (the writer would reuse the print's read), arranged as a print could send them: the order Query with the rules Query and the form GetItems (they need nothing read first); then what needs the order: the warehouse and open-manifest GetItems (the manifest keyed by the requested ship date, which a built-in carrier's label date is) and the print's own stock check if it makes one; the S3 put; the ledger's stock BatchGetItem after the decision; the transaction. Here it ${bare3.medianMs < bareSummary.medianMs ? 'saves' : 'adds'} ${round(Math.abs(bareSummary.medianMs - bare3.medianMs), 1)} ms at the median; DynamoDB Local on loopback answers a read in a few ms, DynamoDB in AWS in a few ms too, each round trip adding its latency.`,
            `The gap row: in each timed handler call, the time from the end of the reads before the purchase to the start of the S3 put (the parcel rate table's purchase, the label document, renderLabelPdf and its PDF, ~${round(labelBytes.byteLength / 1024, 1)} KB), which the handler spends while the order writer's stock read is under way (the commit waits for the put): the render is not on the bare side, only its put, sent beside that read as the handler sends it. Render alone, in fresh processes: the label document of this print, ${renders[0]!.bytes} bytes of PDF, bundled with the functions' settings (bench/support/print-render-entry.ts), fonts read from the dejavu-fonts-ttf package as a bundle without its fonts/ folder does.`,
            `Module load: ${loadSamples} fresh \`node\` processes per bundle and setting, timing only \`await import(bundle)\`, interleaved; "as it ships" is infra/bundling.ts (bench -- bundles builds the same file and times it as it ships and with source maps switched on; the last two columns are without NODE_OPTIONS). Without splitting, esbuild inlines \`await import('…/label-pdf')\` into index.mjs: pdf-lib and fontkit are evaluated lazily but parsed with the bundle (${round(pdfBytes / 1024, 0)} KB of pdf-lib, fontkit, standard fonts, pako and upng of ${round(shipped.bytes / 1024, 0)} KB), and were --enable-source-maps set (the functions ship without it) Node would also load the bundle's source map at import, a larger bundle paying more. The code-split row (no verdict) is the same entry built with splitting: true, where the renderers and pdf-lib become chunks loaded at the first render.`,
          ],
        };
      } finally {
        stdout.restore();
        await s3Local.stop();
        rmSync(work, { recursive: true, force: true });
      }
    }),
};
