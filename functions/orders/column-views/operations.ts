/** Column views: saved by anyone for themselves, shared ones seen by all; deleted by owner or manager. */
import { newId } from '../../../shared/ids';
import { ConditionFailed } from '../../../shared/db/errors';
import { Forbidden, NotFound } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { columnViewsOf, deleteColumnView, findColumnView, insertColumnView, sharedViews } from './repository';
import type { ColumnView } from './schemas';
import type { ordersCatalogue } from '../routes';

const notFound = (id: string) => new NotFound(`No column view has the id ${id}.`);

/** By name as the index sorts them (lower-cased name, then id), each view once. */
function byName(views: ColumnView[]): ColumnView[] {
  const unique = new Map(views.map((view) => [view.id, view]));
  const key = (view: ColumnView) => `${view.name.toLowerCase()}#${view.id}`;
  return [...unique.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

type Routes = typeof ordersCatalogue.routes;
type ColumnViewOperations = Pick<
  Implementations<Routes>,
  'listColumnViews' | 'createColumnView' | 'deleteColumnView'
>;

export const columnViewOperations: ColumnViewOperations = {
  async listColumnViews({ query, caller }) {
    const [mine, shared] = await Promise.all([
      query.scope === 'shared' ? [] : columnViewsOf(caller.subject),
      query.scope === 'mine' ? [] : sharedViews(),
    ]);
    return { body: { items: byName([...mine, ...shared]), nextCursor: null } };
  },

  async createColumnView({ body, caller }) {
    const view: ColumnView = {
      ...body,
      id: newId(),
      owner: caller.subject,
      ownerName: caller.username,
      createdAt: new Date().toISOString(),
    };
    await insertColumnView(view);
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
      await deleteColumnView(view.id);
    } catch (error) {
      if (error instanceof ConditionFailed) throw notFound(params.id);
      throw error;
    }
    return {};
  },
};
