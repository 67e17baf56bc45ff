/**
 * Notes in the single table: each an item of its own in the order's partition (`N#<noteId>`), with
 * `entity: 'order-note'` so the stream projector publishes order.note.added and order.note.deleted.
 */
import { tableName } from '../../../shared/db/client';
import { notesOfOrder, orderKey, orderNoteKey } from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { getItem, queryPage } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import { conditionalDelete, transactWrite } from '../../../shared/db/transactions';
import type { OrderNote } from './schemas';
import { noteSchema } from './schemas';

const toNote = (item: Record<string, unknown>): OrderNote => toResource(noteSchema, item);

export async function orderExists(orderId: string): Promise<boolean> {
  return (await getItem(orderKey(orderId), true)) !== undefined;
}

export async function findNote(orderId: string, noteId: string): Promise<OrderNote | undefined> {
  const item = await getItem(orderNoteKey(orderId, noteId), true);
  return item ? toNote(item) : undefined;
}

/** Newest first: note ids are ULIDs, so the key order is the order of creation. */
export async function notesPage(
  orderId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<OrderNote>> {
  const result = await queryPage({
    ...notesOfOrder(orderId),
    limit: page.limit,
    cursor: page.cursor,
    scope: `order-notes|${orderId}`,
    ascending: false,
    consistent: true,
  });
  return { items: result.items.map(toNote), nextCursor: result.nextCursor };
}

/**
 * The note, only while its order exists: refused as `order` when the order does not. The request's
 * idempotency record, if any, commits in the same transaction (shared/db/transactions).
 */
export async function insertNote(note: OrderNote): Promise<void> {
  await transactWrite({
    order: {
      ConditionCheck: {
        TableName: tableName(),
        Key: orderKey(note.orderId),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    note: {
      Put: {
        TableName: tableName(),
        Item: { ...orderNoteKey(note.orderId, note.id), entity: 'order-note', ...note },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  });
}

/** ConditionFailed when the note is already gone (a concurrent delete won). */
export async function deleteNote(orderId: string, noteId: string): Promise<void> {
  await conditionalDelete({
    TableName: tableName(),
    Key: orderNoteKey(orderId, noteId),
    ConditionExpression: 'attribute_exists(PK)',
  });
}
