/**
 * Apply: a template over products, each product's listing all or nothing. Listings are written in
 * transactions of up to 49 (each listing conditioned on the revision read, the applied template on the
 * version applied, and the count of every template a listing leaves moved with it); a chunk that lost a
 * race reads its listings again and decides again.
 */
import { isDeepStrictEqual } from 'node:util';
import { TransactionCancelled } from '../../../shared/db/errors';
import { Conflict } from '../../../shared/errors';
import { withoutRequestGuard } from '../../../shared/db/request-guard';
import { LostRace, withRetry } from '../../../shared/db/retry';
import type { NamedItem } from '../../../shared/db/transactions';
import type { ChannelState } from '../channels';
import type { ListingOutcome } from '../rules/listing';
import type { Product } from '../schemas';
import { findTemplates, listingCountChange } from '../templates/repository';
import type { Template } from '../templates/schemas';
import type { ListingContext } from './engine';
import { draftFor, unmappedCategories } from './engine';
import type { StoredListing } from './repository';
import { findListings, listingItem, listingPut, recordUnmapped, writeListings } from './repository';
import type { ApplyResult, ChannelListing } from './schemas';

/** Listings per transaction: each may move its previous template's count too, plus the applied template's. */
export const listingsPerTransaction = 49;
/** An item stays well under DynamoDB's 400 KB. */
const maxListingBytes = 350_000;

class TemplateChanged extends Error {}

/** Plain JSON data: map key order (which DynamoDB does not keep) and undefined fields do not count. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

const sameListing = (a: StoredListing, b: StoredListing) =>
  a.listing.templateId === b.listing.templateId &&
  a.listing.templateVersion === b.listing.templateVersion &&
  a.listing.title === b.listing.title &&
  a.listing.internalPath === b.listing.internalPath &&
  isDeepStrictEqual(plain(a.listing.channelCategory), plain(b.listing.channelCategory)) &&
  isDeepStrictEqual(plain(a.listing.attributes), plain(b.listing.attributes)) &&
  isDeepStrictEqual(plain(a.product), plain(b.product));

function failure(product: Product, outcome: Extract<ListingOutcome, { ok: false }>): ApplyResult {
  return {
    sku: product.sku,
    status: 422,
    outcome: 'failed',
    missingRequired: outcome.missingRequired,
    problems: outcome.problems,
  };
}

/** One chunk: read its listings, decide created / updated / unchanged, write them in one transaction. */
async function applyChunk(
  chunk: ReadonlyArray<{ product: Product; draft: Extract<ListingOutcome, { ok: true }>['draft'] }>,
  template: Template,
  channel: string,
  at: string,
  readBefore: ReadonlyMap<string, StoredListing>,
): Promise<ApplyResult[]> {
  return withRetry({ what: 'The listings' }, async (attempt) => {
    // The first attempt decides on the listings the call read up front; a retry reads its chunk again.
    const skus = chunk.map(({ product }) => product.sku);
    const previous =
      attempt === 0
        ? new Map(skus.flatMap((sku) => (readBefore.has(sku) ? [[sku, readBefore.get(sku)!] as const] : [])))
        : await findListings(channel, skus);
    const results: ApplyResult[] = [];
    const writes: Array<{ stored: StoredListing; before?: StoredListing }> = [];
    for (const { product, draft } of chunk) {
      const before = previous.get(product.sku);
      const listing: ChannelListing = {
        id: `${channel}:${product.sku}`,
        channel,
        sku: product.sku,
        title: product.title,
        internalPath: draft.internalPath,
        channelCategory: draft.channelCategory,
        attributes: draft.attributes,
        templateId: template.id,
        templateVersion: template.version,
        revision: (before?.listing.revision ?? 0) + 1,
        appliedAt: at,
      };
      const stored = { listing, product };
      const base = { sku: product.sku, missingRequired: [], problems: [] };
      if (before && sameListing(before, stored)) {
        results.push({ ...base, status: 200, outcome: 'unchanged', listing: before.listing });
      } else if (JSON.stringify(listingItem(stored)).length > maxListingBytes) {
        results.push({
          ...base,
          status: 422,
          outcome: 'failed',
          problems: [
            {
              sku: product.sku,
              kind: 'too_large',
              reason: `the listing would take more than ${maxListingBytes / 1000} KB; shorten its texts or attributes`,
            },
          ],
        });
      } else {
        writes.push({ stored, before });
        results.push({
          ...base,
          status: before ? 200 : 201,
          outcome: before ? 'updated' : 'created',
          listing,
        });
      }
    }
    if (writes.length === 0) return results;
    const leaving = new Map<string, number>();
    for (const { before } of writes) {
      const from = before?.listing.templateId;
      if (before && from !== template.id && from !== undefined)
        leaving.set(from, (leaving.get(from) ?? 0) + 1);
    }
    const gone = new Set(leaving.keys());
    for (const existing of await findTemplates([...leaving.keys()])) gone.delete(existing.id);
    const joining = writes.filter(({ before }) => before?.listing.templateId !== template.id).length;
    const items: NamedItem[] = writes.map(({ stored, before }, index) =>
      listingPut(`listing:${index}`, stored, before?.listing.revision),
    );
    // The applied template must still be at the version applied, even when no listing joins it.
    items.push(['appliedTemplate', listingCountChange(template.id, joining, template.version)]);
    for (const [id, count] of leaving) {
      if (!gone.has(id)) items.push([`previousTemplate:${id}`, listingCountChange(id, -count)]);
    }
    try {
      await writeListings(items);
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (error.refused('appliedTemplate')) throw new TemplateChanged();
      throw new LostRace('Listings or templates changed between their read and their write');
    }
    return results;
  });
}

export async function applyTemplate(input: {
  template: Template;
  channel: ChannelState;
  context: ListingContext;
  products: readonly Product[];
  /** The channel's listings of these SKUs, read (consistently) at the start of the call. */
  current: ReadonlyMap<string, StoredListing>;
  at: string;
}): Promise<ApplyResult[]> {
  const { template, context, at } = input;
  const channel = input.channel.channel;
  const decided = input.products.map((product) => ({ product, outcome: draftFor(product, context) }));
  const results = new Map<string, ApplyResult>();
  const listable: Array<{ product: Product; draft: Extract<ListingOutcome, { ok: true }>['draft'] }> = [];
  for (const { product, outcome } of decided) {
    if (outcome.ok) listable.push({ product, draft: outcome.draft });
    else results.set(product.sku, failure(product, outcome));
  }
  let changed = false;
  for (let start = 0; start < listable.length; start += listingsPerTransaction) {
    const chunk = listable.slice(start, start + listingsPerTransaction);
    if (!changed) {
      try {
        for (const result of await applyChunk(chunk, template, channel, at, input.current))
          results.set(result.sku, result);
        continue;
      } catch (error) {
        if (!(error instanceof TemplateChanged)) throw error;
        if (start === 0) {
          throw new Conflict(
            `The template changed or was deleted while version ${template.version} was applied; nothing was listed. Apply again.`,
          );
        }
        changed = true;
      }
    }
    for (const { product } of chunk) {
      results.set(product.sku, {
        sku: product.sku,
        status: 409,
        outcome: 'failed',
        missingRequired: [],
        problems: [
          {
            sku: product.sku,
            kind: 'conflict',
            reason: `the template changed or was deleted while it was applied (version ${template.version} was applied); nothing was listed for this product: apply again`,
          },
        ],
      });
    }
  }
  // Bookkeeping beside the change: which internal categories an apply met unmapped.
  await withoutRequestGuard(async () => {
    for (const { internalPath, sku } of unmappedCategories(decided)) {
      await recordUnmapped(channel, internalPath, sku, at).catch((error: unknown) => {
        // Mapped meanwhile: nothing to record.
        if (!(error instanceof TransactionCancelled)) throw error;
      });
    }
  });
  return input.products.map((product) => results.get(product.sku)!);
}
