/** Notes on an order (interface §4.4): staff write them, the author from the token; newest first. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { noteIdParams, noteInputSchema, noteListQuery, noteParams, noteSchema } from './schemas';

export const noteRoutes = {
  listOrderNotes: route({
    method: 'GET',
    path: '/v1/orders/{orderId}/notes',
    operationId: 'listOrderNotes',
    summary: "The order's notes, newest first",
    permission: 'read',
    params: noteParams,
    query: noteListQuery,
    status: 200,
    response: pageOf(noteSchema),
  }),
  addOrderNote: route({
    method: 'POST',
    path: '/v1/orders/{orderId}/notes',
    operationId: 'addOrderNote',
    summary: 'Add a note to an order (free text, up to 4,000 characters), written by the caller',
    permission: 'write',
    params: noteParams,
    body: noteInputSchema,
    status: 201,
    response: noteSchema,
  }),
  deleteOrderNote: route({
    method: 'DELETE',
    path: '/v1/orders/{orderId}/notes/{noteId}',
    operationId: 'deleteOrderNote',
    summary: 'Delete a note: its author may, and a manager may delete any',
    permission: 'write',
    params: noteIdParams,
    status: 204,
  }),
};
