/** Order statuses: built-in ones listed first; custom ones created with unique names, deleted with care. */
import { newId } from '../../../shared/ids';
import { TransactionCancelled } from '../../../shared/db/errors';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { builtInStatuses } from '../../../shared/domain/order-status';
import { Conflict } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import type { ordersCatalogue } from '../routes';
import { deleteCustomStatus } from './deletion';
import { insertStatus, listCustomStatuses } from './repository';

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
    const all = [...builtInStatuses, ...(await listCustomStatuses())];
    const items = query.category ? all.filter((status) => status.category === query.category) : all;
    // One small list: built-in statuses and a merchant's custom ones fit a single answer.
    return { body: { items, nextCursor: null } };
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
