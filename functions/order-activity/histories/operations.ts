/** Order histories: the order writer's entries, one kind or all of them, newest first, in pages. */
import type { HistoryKind } from '../../../shared/domain/order-history';
import { NotFound } from '../../../shared/errors';
import type { Implementations, OperationInput } from '../../../shared/http/catalogue';
import type { orderActivityCatalogue } from '../routes';
import { historyPage, orderExists } from './repository';

type Routes = typeof orderActivityCatalogue.routes;
type HistoryOperations = Pick<
  Implementations<Routes>,
  | 'listOrderStatusHistory'
  | 'listOrderAddressHistory'
  | 'listOrderFulfillmentHistory'
  | 'listOrderEditHistory'
  | 'listOrderHistory'
>;

/** Every history route takes the same parameters and query. */
type HistoryInput = Pick<OperationInput<Routes['listOrderHistory']>, 'params' | 'query'>;

async function listHistory(kind: HistoryKind | undefined, { params, query }: HistoryInput) {
  const [exists, page] = await Promise.all([
    orderExists(params.orderId),
    historyPage({
      orderId: params.orderId,
      kind,
      range: { from: query.from, to: query.to },
      limit: query.limit,
      cursor: query.cursor,
    }),
  ]);
  if (!exists) throw new NotFound(`No order has the id ${params.orderId}.`);
  return { body: page };
}

export const historyOperations: HistoryOperations = {
  listOrderStatusHistory: (input) => listHistory('status', input),
  listOrderAddressHistory: (input) => listHistory('address', input),
  listOrderFulfillmentHistory: (input) => listHistory('fulfillment', input),
  listOrderEditHistory: (input) => listHistory('edit', input),
  listOrderHistory: (input) => listHistory(undefined, input),
};
