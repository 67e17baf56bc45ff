/** Order statuses: built-in ones listed first; custom ones created with unique names, deleted with care. */
import { newId } from '../../../shared/ids';
import { InvalidCursor, decodeCursor, encodeCursor } from '../../../shared/db/cursor';
import { TransactionCancelled } from '../../../shared/db/errors';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { builtInStatuses } from '../../../shared/domain/order-status';
import { Conflict } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import type { ordersCatalogue } from '../routes';
import { forgetStatus } from '../../../shared/orders/statuses';
import { deleteCustomStatus } from './deletion';
import { customStatusPage, insertStatus } from './repository';

function duplicateName(name: string): Conflict {
  return new Conflict(`A status named ${name} already exists (names are compared ignoring case).`, {
    field: 'name',
  });
}

type Routes = typeof ordersCatalogue.routes;
type StatusOperations = Pick<
  Implementations<Routes>,
  'listOrderStatuses' | 'createOrderStatus' | 'deleteOrderStatus'
>;

export const statusOperations: StatusOperations = {
  async listOrderStatuses({ query }) {
    // Built-in statuses first (a cursor into them is an offset), then custom ones by name (a table cursor).
    const builtInScope = `statuses:built-in:${query.category ?? ''}`;
    const customScope = `statuses:custom:${query.category ?? ''}`;
    const builtIns = builtInStatuses.filter(
      (status) => !query.category || status.category === query.category,
    );
    let start = 0;
    let customCursor: string | undefined;
    if (query.cursor !== undefined) {
      try {
        start = Number(decodeCursor(query.cursor, builtInScope)?.offset ?? 0);
      } catch (error) {
        if (!(error instanceof InvalidCursor)) throw error;
        // Not a built-in position: the custom listing's own cursor, which queryPage verifies.
        start = builtIns.length;
        customCursor = query.cursor;
      }
    }
    const items: OrderStatus[] = builtIns.slice(start, start + query.limit);
    const next = start + items.length;
    if (next < builtIns.length || items.length === query.limit) {
      return { body: { items, nextCursor: encodeCursor({ offset: next }, builtInScope) } };
    }
    const custom = await customStatusPage(
      query.category,
      query.limit - items.length,
      customCursor,
      customScope,
    );
    return { body: { items: [...items, ...custom.items], nextCursor: custom.nextCursor } };
  },

  async createOrderStatus({ body }) {
    const lowerName = body.name.toLowerCase();
    if (builtInStatuses.some((status) => status.name.toLowerCase() === lowerName))
      throw duplicateName(body.name);
    const status: OrderStatus = {
      id: newId(),
      name: body.name,
      category: body.category,
      allowBackorder: body.allowBackorder,
      builtIn: false,
      ...(body.color ? { color: body.color } : {}),
      createdAt: new Date().toISOString(),
    };
    try {
      await insertStatus(status);
      forgetStatus(status.id);
    } catch (error) {
      if (error instanceof TransactionCancelled && error.refused('nameMarker')) {
        throw duplicateName(body.name);
      }
      throw error;
    }
    return { body: status };
  },

  async deleteOrderStatus({ params, query, caller }) {
    return { body: await deleteCustomStatus(params.statusId, query.replacementStatusId, caller.username) };
  },
};
