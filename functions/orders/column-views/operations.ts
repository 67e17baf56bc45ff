/** Column views: saved by anyone for themselves, shared ones seen by all; deleted by owner or manager. */
import { newId } from '../../../shared/ids';
import { decodeCursor, encodeCursor } from '../../../shared/db/cursor';
import { TransactionCancelled } from '../../../shared/db/errors';
import { withRetry } from '../../../shared/db/retry';
import { Conflict, Forbidden, NotFound } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { roleAllows } from '../../../shared/http/permissions';
import {
  columnViewsOf,
  deleteColumnView,
  findColumnView,
  insertColumnView,
  maxViewsPerOwner,
  sharedViewsAfter,
  viewSortKey,
} from './repository';
import type { ColumnView } from './schemas';
import type { ordersCatalogue } from '../routes';

const notFound = (id: string) => new NotFound(`No column view has the id ${id}.`);

/** DynamoDB orders sort keys by their UTF-8 bytes; pages merged here must agree with it. */
const bySortKey = (a: ColumnView, b: ColumnView) =>
  Buffer.compare(Buffer.from(viewSortKey(a)), Buffer.from(viewSortKey(b)));

type Routes = typeof ordersCatalogue.routes;
type ColumnViewOperations = Pick<
  Implementations<Routes>,
  'listColumnViews' | 'createColumnView' | 'deleteColumnView'
>;

export const columnViewOperations: ColumnViewOperations = {
  async listColumnViews({ query, caller }) {
    // The cursor is the sort key of the last view answered: both sources resume after it.
    const scope = `column-views:${caller.subject}:${query.scope}`;
    const position = decodeCursor(query.cursor, scope);
    const after = typeof position?.after === 'string' ? position.after : undefined;
    const isAfter = (view: ColumnView) =>
      after === undefined || Buffer.compare(Buffer.from(viewSortKey(view)), Buffer.from(after)) > 0;
    // Own views are at most 100, read whole; shared ones are paged. Own shared views come from the shared index once.
    const own =
      query.scope === 'shared'
        ? []
        : (await columnViewsOf(caller.subject)).filter(
            (view) => (query.scope === 'mine' || !view.shared) && isAfter(view),
          );
    const shared =
      query.scope === 'mine' ? { views: [], more: false } : await sharedViewsAfter(after, query.limit);
    const merged = [...own, ...shared.views].sort(bySortKey);
    const items = merged.slice(0, query.limit);
    const more = merged.length > query.limit || shared.more;
    const last = items.at(-1);
    return {
      body: { items, nextCursor: more && last ? encodeCursor({ after: viewSortKey(last) }, scope) : null },
    };
  },

  async createColumnView({ body, caller }) {
    if (body.shared && !roleAllows(caller.role, 'write')) {
      throw new Forbidden(
        'Sharing a view with everyone needs the operator or manager role; save it unshared.',
      );
    }
    const view: ColumnView = {
      ...body,
      id: newId(),
      owner: caller.subject,
      ownerName: caller.username,
      createdAt: new Date().toISOString(),
    };
    try {
      // Saves of one owner race on their count: a conflicted transaction is tried again.
      await withRetry({ what: `Column views of ${caller.username}` }, () => insertColumnView(view));
    } catch (error) {
      if (error instanceof TransactionCancelled && error.refused('viewCount')) {
        throw new Conflict(
          `You keep ${maxViewsPerOwner} column views, the most one user may; delete one before saving another.`,
          { limit: maxViewsPerOwner },
        );
      }
      throw error;
    }
    return { body: view };
  },

  async deleteColumnView({ params, caller }) {
    const view = await findColumnView(params.id);
    // Someone else's private view does not exist as far as the caller can tell.
    if (!view || (view.owner !== caller.subject && !view.shared)) throw notFound(params.id);
    if (view.owner !== caller.subject && caller.role !== 'manager') {
      throw new Forbidden(
        'This shared view belongs to someone else: only its owner or a manager may delete it.',
      );
    }
    try {
      await withRetry({ what: `Column view ${view.id}` }, () => deleteColumnView(view));
    } catch (error) {
      if (error instanceof TransactionCancelled && error.refused('view')) throw notFound(params.id);
      throw error;
    }
    return {};
  },
};
