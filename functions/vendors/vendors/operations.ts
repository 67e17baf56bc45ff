/** Vendors: rules and translation of refused writes into typed errors. */
import { newId } from '../../../shared/ids';
import { TransactionCancelled } from '../../../shared/db/errors';
import { LostRace, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import { Conflict, NotFound, PreconditionFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { existingWarehouseIds } from '../../../shared/warehouses/repository';
import { deleteAllOrNothing, targetIds } from '../../../shared/http/bulk-delete';
import { currencyChangeRefusal } from '../currency';
import { poSourcesOf } from '../po-sources/repository';
import {
  deleteVendorsItems,
  findVendor,
  findVendors,
  insertVendor,
  listVendors,
  replaceVendor,
} from './repository';
import type { vendorRoutes } from './routes';
import type { Vendor } from './schemas';

const now = () => new Date().toISOString();

function duplicateCode(code: string): Conflict {
  return new Conflict(`Another vendor already has the code ${code}.`, { field: 'code' });
}

async function requireVendor(id: string, consistent = false): Promise<Vendor> {
  const vendor = await findVendor(id, consistent);
  if (!vendor) throw new NotFound(`No vendor has the id ${id}.`);
  return vendor;
}

export const vendorOperations: Implementations<typeof vendorRoutes> = {
  async listVendors({ query }) {
    const { limit, cursor, ...listing } = query;
    return { body: await listVendors(listing, limit, cursor) };
  },

  async createVendor({ body }) {
    const timestamp = now();
    const vendor: Vendor = {
      ...body,
      id: newId(),
      poSourceCount: 0,
      version: 1,
      createdAt: timestamp,
      updatedAt: timestamp,
    };
    try {
      await insertVendor(vendor);
    } catch (error) {
      if (error instanceof TransactionCancelled && error.refused('codeMarker'))
        throw duplicateCode(body.code);
      throw error;
    }
    return { body: vendor, version: vendor.version, headers: { location: `/v1/vendors/${vendor.id}` } };
  },

  async getVendor({ params }) {
    const vendor = await requireVendor(params.id);
    return { body: vendor, version: vendor.version };
  },

  async updateVendor({ params, body, ifMatch }) {
    // Without If-Match the last writer wins, but never by overwriting a write it did not read: a write
    // that lost the race reads again and reapplies (a TransactionConflict is retried by the policy too).
    return withRetry({ what: 'The vendor' }, async () => {
      const previous = await requireVendor(params.id, true);
      checkVersion('vendor', previous.version, ifMatch);
      if (body.currency !== previous.currency && previous.poSourceCount > 0) {
        const sources = await poSourcesOf(previous.id);
        // The index lags the count a source write moved: read again until they agree.
        if (sources.length !== previous.poSourceCount) throw new LostRace('the sources are being indexed');
        const refusal = currencyChangeRefusal(previous, body.currency, sources);
        if (refusal) throw refusal;
      }
      const next: Vendor = {
        ...body,
        id: previous.id,
        poSourceCount: previous.poSourceCount,
        version: previous.version + 1,
        createdAt: previous.createdAt,
        updatedAt: now(),
      };
      try {
        await replaceVendor(previous, next);
        return { body: next, version: next.version };
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        if (error.refused('newCodeMarker')) throw duplicateCode(body.code);
        if (!error.refused('vendor')) throw error;
        // Refused: the vendor went, moved to another version, or only its source count moved (sources
        // are counted on the vendor without a new version), which leaves an If-Match current.
        if (ifMatch !== undefined && (await findVendor(params.id, true))?.version !== previous.version) {
          throw new PreconditionFailed('The vendor changed while this update was applied; fetch it again.');
        }
        throw new LostRace('The vendor changed between its read and its write');
      }
    });
  },

  async deleteVendors({ query, body }) {
    const ids = targetIds(query, body);
    const withPoSources = query?.withPoSources ?? body?.withPoSources ?? false;
    const vendors = await findVendors(ids);
    const unknown = ids.filter((id) => !vendors.some((vendor) => vendor.id === id));
    if (unknown.length > 0) {
      throw new NotFound(`No vendor has the id ${unknown.join(', ')}; nothing was deleted.`, {
        unknownIds: unknown,
      });
    }
    const sources = (await Promise.all(vendors.map((vendor) => poSourcesOf(vendor.id)))).flat();
    if (sources.length > 0 && !withPoSources) {
      throw new Conflict(
        `Purchase-order sources use ${[...new Set(sources.map((s) => s.vendorId))].join(', ')}; delete them first or pass withPoSources=true. Nothing was deleted.`,
        { poSourceIds: sources.map((source) => source.id) },
      );
    }
    const warehouses = await existingWarehouseIds(sources.map((source) => source.warehouseId));
    const items = deleteVendorsItems(vendors, sources, warehouses);
    await deleteAllOrNothing(
      items,
      'The vendors or their sources changed while deleting; nothing was deleted. Retry.',
    );
    return { body: { deleted: ids, deletedPoSources: sources.map((s) => s.id) } };
  },
};
