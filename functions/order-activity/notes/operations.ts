/** Notes on an order: anyone with write access adds them; the author or a manager deletes them. */
import { ConditionFailed, TransactionCancelled } from '../../../shared/db/errors';
import { withRetry } from '../../../shared/db/retry';
import { Forbidden, NotFound } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { newId } from '../../../shared/ids';
import type { orderActivityCatalogue } from '../routes';
import { deleteNote, findNote, insertNote, notesPage, orderExists } from './repository';
import type { OrderNote } from './schemas';

type Routes = typeof orderActivityCatalogue.routes;
type NoteOperations = Pick<Implementations<Routes>, 'listOrderNotes' | 'addOrderNote' | 'deleteOrderNote'>;

const orderNotFound = (orderId: string) => new NotFound(`No order has the id ${orderId}.`);
const noteNotFound = (orderId: string, noteId: string) =>
  new NotFound(`Order ${orderId} has no note with the id ${noteId}.`);

export const noteOperations: NoteOperations = {
  async listOrderNotes({ params, query }) {
    const [exists, page] = await Promise.all([
      orderExists(params.orderId),
      notesPage(params.orderId, { limit: query.limit, cursor: query.cursor }),
    ]);
    if (!exists) throw orderNotFound(params.orderId);
    return { body: page };
  },

  async addOrderNote({ params, body, caller }) {
    const note: OrderNote = {
      id: newId(),
      orderId: params.orderId,
      text: body.text,
      author: { subject: caller.subject, username: caller.username },
      createdAt: new Date().toISOString(),
    };
    try {
      // The order's header may be in another transaction at the same moment: a conflict is tried again.
      await withRetry({ what: `Notes of order ${params.orderId}` }, () => insertNote(note));
    } catch (error) {
      if (error instanceof TransactionCancelled && error.refused('order'))
        throw orderNotFound(params.orderId);
      throw error;
    }
    return { body: note };
  },

  async deleteOrderNote({ params, caller }) {
    const note = await findNote(params.orderId, params.noteId);
    if (!note) {
      if (!(await orderExists(params.orderId))) throw orderNotFound(params.orderId);
      throw noteNotFound(params.orderId, params.noteId);
    }
    if (note.author.subject !== caller.subject && caller.role !== 'manager') {
      throw new Forbidden(
        `Note ${note.id} was written by ${note.author.username}: only its author or a manager may delete it.`,
      );
    }
    try {
      await withRetry({ what: `Note ${note.id}` }, () => deleteNote(params.orderId, params.noteId));
    } catch (error) {
      // Deleted by someone else since it was read: it is gone, as far as this request can tell.
      if (error instanceof ConditionFailed) throw noteNotFound(params.orderId, params.noteId);
      throw error;
    }
    return {};
  },
};
