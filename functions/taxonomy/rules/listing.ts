/**
 * What a product becomes on a channel: its channel category and attribute values, or every reason it
 * cannot be listed (its category is unmapped or retired, a required attribute has no value, a value does
 * not fit, a transform cannot apply). Pure: apply and preview share it, so their messages agree.
 */
import type {
  AttributeDefinitionRule,
  AttributeMapping,
  AttributeValue,
  ChannelCategory,
  Product,
} from '../schemas';
import { conformValue } from './attribute-rules';
import { foldedPath } from './category-path';
import { applyMapping } from './transforms';

export interface ResolvedCategory {
  channelCategory: ChannelCategory;
  /** The internal path whose mapping named it (the product's own or an ancestor). */
  mappedPath: string;
  from: 'template' | 'mapping' | 'inline';
  retired: boolean;
}

export interface ScopedAttribute extends AttributeDefinitionRule {
  /** The channel category path the attribute applies under; undefined for every category. */
  scope?: string;
}

export interface ListingProblem {
  sku: string;
  /** The attribute concerned; absent for the category. */
  attribute?: string;
  kind: 'category' | 'missing' | 'invalid';
  reason: string;
}

export interface ChannelListingDraft {
  channelCategory: ChannelCategory;
  internalPath: string;
  attributes: Record<string, AttributeValue>;
}

export type ListingOutcome =
  | { ok: true; draft: ChannelListingDraft; problems: [] }
  | { ok: false; problems: ListingProblem[]; missingRequired: string[]; unmapped?: boolean };

const fold = (name: string) => name.toLocaleLowerCase('en');

/**
 * The attributes a channel category takes: for each name, the definition of the most specific scope
 * that holds the category (a definition without scope holds every category).
 */
export function attributesFor(
  definitions: readonly ScopedAttribute[],
  categoryPath: string,
): ScopedAttribute[] {
  const category = foldedPath(categoryPath);
  const chosen = new Map<string, { definition: ScopedAttribute; depth: number }>();
  for (const definition of definitions) {
    const scope = definition.scope === undefined ? '' : foldedPath(definition.scope);
    if (!category.startsWith(scope)) continue;
    const key = fold(definition.name);
    const current = chosen.get(key);
    if (!current || scope.length > current.depth) chosen.set(key, { definition, depth: scope.length });
  }
  return [...chosen.values()].map((entry) => entry.definition);
}

/** Attribute mappings by target, earlier layers first: a template's over a category's over the defaults. */
export function layerMappings(...layers: ReadonlyArray<readonly AttributeMapping[]>): AttributeMapping[] {
  const chosen = new Map<string, AttributeMapping>();
  for (const layer of layers) {
    for (const mapping of layer) {
      const key = fold(mapping.target);
      if (!chosen.has(key)) chosen.set(key, mapping);
    }
  }
  return [...chosen.values()];
}

/** The nearest mapped ancestor (or the path itself) among mapped internal paths, by folded path. */
export function nearestMapped<T>(byFoldedPath: ReadonlyMap<string, T>, internalPath: string): T | undefined {
  const levels = foldedPath(internalPath).split('>').slice(0, -1);
  for (let depth = levels.length; depth > 0; depth--) {
    const found = byFoldedPath.get(`${levels.slice(0, depth).join('>')}>`);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function buildListing(input: {
  product: Product;
  channel: string;
  category: ResolvedCategory | undefined;
  definitions: readonly ScopedAttribute[];
  mappings: readonly AttributeMapping[];
}): ListingOutcome {
  const { product, channel, category } = input;
  const problems: ListingProblem[] = [];
  if (!category) {
    return {
      ok: false,
      missingRequired: [],
      unmapped: true,
      problems: [
        {
          sku: product.sku,
          kind: 'category',
          reason: `the category ${product.categoryPath} has no mapping to ${channel}: map it (or an ancestor) or name it in the template`,
        },
      ],
    };
  }
  if (category.retired) {
    return {
      ok: false,
      missingRequired: [],
      problems: [
        {
          sku: product.sku,
          kind: 'category',
          reason: `${channel} retired its category ${category.channelCategory.id} (${category.channelCategory.path}), which ${category.mappedPath} maps to: map it to a current category`,
        },
      ],
    };
  }
  const attributes = attributesFor(input.definitions, category.channelCategory.path);
  const byName = new Map(attributes.map((attribute) => [fold(attribute.name), attribute]));
  const values = Object.create(null) as Record<string, AttributeValue>;
  const settled = new Set<string>();

  const place = (name: string, value: AttributeValue, definition: ScopedAttribute | undefined) => {
    if (!definition) {
      values[name] = value;
      return;
    }
    const conformed = conformValue(value, definition);
    if ('problem' in conformed) {
      problems.push({
        sku: product.sku,
        attribute: definition.name,
        kind: 'invalid',
        reason: conformed.problem,
      });
    } else values[definition.name] = conformed.value;
  };

  for (const mapping of input.mappings) {
    const definition = byName.get(fold(mapping.target));
    settled.add(fold(mapping.target));
    const outcome = applyMapping(product, mapping);
    if ('problem' in outcome) {
      problems.push({
        sku: product.sku,
        attribute: definition?.name ?? mapping.target,
        kind: 'invalid',
        reason: outcome.problem,
      });
      continue;
    }
    if ('empty' in outcome) continue;
    let value = outcome.value;
    // A conversion into a plain number attribute keeps the number, in the unit converted to.
    if (
      mapping.transform.type === 'unit_convert' &&
      definition?.type === 'number' &&
      typeof value === 'object'
    ) {
      value = value.value;
    }
    place(definition?.name ?? mapping.target, value, definition);
  }
  // An attribute no mapping names takes the product's attribute of the same name, as it is.
  for (const definition of attributes) {
    if (settled.has(fold(definition.name))) continue;
    if (Object.hasOwn(product.attributes, definition.name)) {
      const value = product.attributes[definition.name]!;
      if (!(typeof value === 'string' && value.length === 0)) place(definition.name, value, definition);
    }
  }
  const invalid = new Set(problems.map((problem) => fold(problem.attribute ?? '')));
  const missingRequired = attributes
    .filter((definition) => definition.required)
    .filter((definition) => !Object.hasOwn(values, definition.name) && !invalid.has(fold(definition.name)))
    .map((definition) => definition.name);
  for (const name of missingRequired) {
    problems.push({
      sku: product.sku,
      attribute: name,
      kind: 'missing',
      reason: `${name} is required by ${channel} for ${category.channelCategory.path} and has no value`,
    });
  }
  if (problems.length > 0) return { ok: false, problems, missingRequired };
  return {
    ok: true,
    problems: [],
    draft: {
      channelCategory: category.channelCategory,
      internalPath: product.categoryPath,
      attributes: values,
    },
  };
}
