/** An order's returns and their life (interface §4.8): the routes. Data only, no I/O. */
import { route } from '../../../shared/http/catalogue';
import {
  declineSchema,
  orderReturnParams,
  orderReturnsParams,
  receiveSchema,
  refundSchema,
  resendSchema,
  returnAnswerSchema,
  returnListQuery,
  returnPageSchema,
  returnRequestSchema,
} from './schemas';

type Action = 'approve' | 'decline' | 'receive' | 'refund' | 'resend' | 'complete';

const transitionWith = <P extends 'write' | 'manage'>(
  permission: P,
  action: Action,
  operationId: string,
  summary: string,
) => ({
  method: 'POST' as const,
  path: `/v1/orders/{order_id}/returns/{return_id}/${action}`,
  operationId,
  summary,
  permission,
  params: orderReturnParams,
  status: 200,
  response: returnAnswerSchema,
  // If-Match names the return's version (its `version`, the ETag each return operation answers).
  versioned: true,
});

const transition = (action: Action, operationId: string, summary: string) =>
  transitionWith('write', action, operationId, summary);

export const returnRoutes = {
  listOrderReturns: route({
    method: 'GET',
    path: '/v1/orders/{order_id}/returns',
    operationId: 'listOrderReturns',
    summary:
      "The order's returns, newest first: state, lines with what was received and refunded, refunds, replacement, history, and the actions allowed now",
    permission: 'read',
    params: orderReturnsParams,
    query: returnListQuery,
    status: 200,
    response: returnPageSchema,
  }),
  createOrderReturn: route({
    method: 'POST',
    path: '/v1/orders/{order_id}/returns',
    operationId: 'createOrderReturn',
    summary:
      'Open a return for shipped lines (item, units, reason); units across the order’s returns never exceed what shipped',
    permission: 'write',
    params: orderReturnsParams,
    body: returnRequestSchema,
    status: 201,
    response: returnAnswerSchema,
    // If-Match names the order's version (the shipped units the client saw); the ETag answered is the new return's.
    versioned: true,
  }),
  approveOrderReturn: route(
    transition(
      'approve',
      'approveOrderReturn',
      'Approve a requested return; the customer sends it to the return address',
    ),
  ),
  declineOrderReturn: route({
    ...transition(
      'decline',
      'declineOrderReturn',
      'Decline a requested return, with a reason and a note for the customer',
    ),
    body: declineSchema,
  }),
  receiveOrderReturn: route({
    ...transition(
      'receive',
      'receiveOrderReturn',
      'Record units received (restock into an active warehouse, damaged or missing); received once every line is accounted for',
    ),
    body: receiveSchema,
  }),
  refundOrderReturn: route({
    // Money goes back: the permission payments need.
    ...transitionWith(
      'manage',
      'refund',
      'refundOrderReturn',
      'Pay back returned units at the price paid, their tax and shipping as asked; on a part-paid order their value first reduces what is owed (credited), and only the rest is refunded, never more than paid less refunded',
    ),
    body: refundSchema,
  }),
  resendOrderReturn: route({
    ...transition(
      'resend',
      'resendOrderReturn',
      'Send a replacement for returned units: a zero-priced shipment from a named warehouse, taking its stock out',
    ),
    body: resendSchema,
  }),
  completeOrderReturn: route(
    transition('complete', 'completeOrderReturn', 'Complete a return once received, refunded or resent'),
  ),
  deleteOrderReturn: route({
    method: 'DELETE',
    path: '/v1/orders/{order_id}/returns/{return_id}',
    operationId: 'deleteOrderReturn',
    summary: 'Delete a return while requested or declined; its units can be returned again',
    // DESIGN §3: deletes are the manager's.
    permission: 'manage',
    params: orderReturnParams,
    status: 204,
    // If-Match names the return's version.
    versioned: true,
  }),
};
