/**
 * The API reference text of orders, order activity, fulfillment, returns and vendors: every operation
 * has a description and an example, every part of each example parses under the route's own schema
 * (the response with no field the schema would drop), every property a request or response of the
 * group carries has a field description where the document renders it, and every component is a schema
 * the group's routes use, named once.
 */
import { describe, expect, it } from 'vitest';
import { registry, safeParse, toJSONSchema } from 'zod/v4/core';
import { catalogueDocs } from '../../functions/catalogue-docs';
import { fulfillmentCatalogue } from '../../functions/fulfillment/routes';
import { orderActivityCatalogue } from '../../functions/order-activity/routes';
import { ordersCatalogue } from '../../functions/orders/routes';
import { returnsCatalogue } from '../../functions/returns/routes';
import { vendorsCatalogue } from '../../functions/vendors/routes';
import type { GroupCatalogue, RouteDefinition } from '../../shared/http/catalogue';
import { strayFields } from '../../shared/http/handler';
import { commonFields } from '../../shared/openapi/common-fields';
import type { GroupDocs, OperationDocs } from '../../shared/openapi/docs';

const groups: readonly GroupCatalogue[] = [
  vendorsCatalogue,
  ordersCatalogue,
  orderActivityCatalogue,
  fulfillmentCatalogue,
  returnsCatalogue,
];

type JsonSchema = Record<string, unknown>;

/**
 * Every component these groups name, registered under its name: in a JSON schema it becomes a `$ref`
 * into `$defs`, as in the OpenAPI document, so each property is described where it is rendered.
 */
const components = registry<{ id: string }>();
const ownerOf = new Map<string, GroupDocs>();
for (const group of groups) {
  const docs = catalogueDocs[group.group]!;
  for (const [name, component] of Object.entries(docs.components)) {
    if (ownerOf.has(name) || components.has(component.schema)) continue; // reported by the naming test
    components.add(component.schema, { id: name });
    ownerOf.set(name, docs);
  }
}

/** Property names of a JSON schema, nested ones too, not following `$ref`s (named components). */
function inlineProperties(schema: unknown, names = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return names;
  if (Array.isArray(schema)) {
    for (const part of schema) inlineProperties(part, names);
    return names;
  }
  const json = schema as JsonSchema;
  for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, unknown>)) {
    names.add(name);
    inlineProperties(property, names);
  }
  for (const key of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'not']) {
    inlineProperties(json[key], names);
  }
  return names;
}

/** Where a property is rendered: in an operation's own parts or in a named component, and whose fields describe it. */
interface FieldUse {
  docs: GroupDocs;
  /** The operationId or the component's name: the qualifier of its most specific key. */
  context: string;
  name: string;
}

/** Every property an operation's parts carry, each where the document renders it. */
function fieldUses(operationId: string, docs: GroupDocs, definition: RouteDefinition): FieldUse[] {
  const uses: FieldUse[] = [];
  const parts = [
    [definition.params, 'input'],
    [definition.query, 'input'],
    [definition.body, 'input'],
    [definition.response, 'input'],
    [definition.response, 'output'],
  ] as const;
  for (const [schema, io] of parts) {
    if (!schema) continue;
    const json = toJSONSchema(schema, { io, unrepresentable: 'any', metadata: components }) as JsonSchema;
    const { $defs, ...root } = json;
    for (const name of inlineProperties(root)) uses.push({ docs, context: operationId, name });
    for (const [component, definition] of Object.entries(($defs ?? {}) as Record<string, unknown>)) {
      const owner = ownerOf.get(component)!;
      for (const name of inlineProperties(definition)) uses.push({ docs: owner, context: component, name });
    }
  }
  return uses;
}

/** The description a use resolves to: `<context>.<field>`, else the plain name, else the common fields. */
function descriptionOf({ docs, context, name }: FieldUse): string | undefined {
  return docs.fields[`${context}.${name}`] ?? docs.fields[name] ?? commonFields[name];
}

const allUses = groups.flatMap((group) => {
  const docs = catalogueDocs[group.group]!;
  return Object.entries(group.routes).flatMap(([id, definition]) => fieldUses(id, docs, definition));
});

/** Problems of one example: each part against the route's schema, the response with no stray field. */
function exampleProblems(definition: RouteDefinition, docs: OperationDocs): string[] {
  const problems: string[] = [];
  const parts = [
    ['params', definition.params],
    ['query', definition.query],
    ['body', definition.body],
  ] as const;
  for (const [part, schema] of parts) {
    const value = docs.example[part];
    if (!schema) {
      if (value !== undefined) problems.push(`${part}: the route takes none`);
      continue;
    }
    // The dispatcher hands an operation `{}` for a request with no path or query parameters.
    const parsed = safeParse(schema, value ?? (part === 'body' ? undefined : {}));
    if (!parsed.success) problems.push(`${part}: ${JSON.stringify(parsed.error.issues)}`);
  }
  if (!definition.response) {
    if (docs.example.response !== undefined) problems.push('response: the route answers no body');
  } else {
    const parsed = safeParse(definition.response, docs.example.response);
    if (!parsed.success) problems.push(`response: ${JSON.stringify(parsed.error.issues)}`);
    else problems.push(...strayFields(docs.example.response, parsed.data, 'response'));
  }
  return problems;
}

/** Every zod schema reachable from one (object shapes, arrays, optionals, unions, pipes, records). */
function schemasWithin(schema: unknown, found: Set<unknown>): Set<unknown> {
  const isSchema = (value: unknown): boolean => !!value && typeof value === 'object' && '_zod' in value;
  if (!isSchema(schema) || found.has(schema)) return found;
  found.add(schema);
  const definition = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
  for (const value of Object.values(definition)) {
    if (isSchema(value)) schemasWithin(value, found);
    else if (Array.isArray(value)) for (const part of value) schemasWithin(part, found);
    else if (value && typeof value === 'object' && !('_zod' in value)) {
      for (const part of Object.values(value as Record<string, unknown>)) schemasWithin(part, found);
    }
  }
  return found;
}

describe.each(groups.map((group) => [group.group, group] as const))('API reference of %s', (name, group) => {
  const docs = catalogueDocs[name]!;
  const routes = Object.entries(group.routes);

  it('documents every operation, and each example parses under its route’s schemas', () => {
    const undocumented = routes.filter(([id]) => !docs.operations[id]?.description.trim()).map(([id]) => id);
    expect(undocumented).toEqual([]);
    const unknown = Object.keys(docs.operations).filter((id) => !(id in group.routes));
    expect(unknown).toEqual([]);
    const problems = routes.flatMap(([id, definition]) =>
      exampleProblems(definition, docs.operations[id]!).map((problem) => `${id} ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('describes every property of its requests and responses where the document renders it', () => {
    const missing = allUses
      .filter((use) => use.docs === docs && !descriptionOf(use)?.trim())
      .map((use) => `${use.context}.${use.name}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has no field description that nothing renders (stale, misqualified or always shadowed)', () => {
    const resolvedKey = ({ context, name }: FieldUse) =>
      `${context}.${name}` in docs.fields ? `${context}.${name}` : name;
    const used = new Set(allUses.filter((use) => use.docs === docs).map(resolvedKey));
    expect(Object.keys(docs.fields).filter((key) => !used.has(key))).toEqual([]);
  });

  it('names as components only schemas its routes use, so the document can $ref them', () => {
    const used = new Set<unknown>();
    for (const definition of Object.values(group.routes)) {
      for (const schema of [definition.params, definition.query, definition.body, definition.response]) {
        schemasWithin(schema, used);
      }
    }
    const unused = Object.entries(docs.components)
      .filter(([, component]) => !used.has(component.schema) || !component.description.trim())
      .map(([component]) => component);
    expect(unused).toEqual([]);
    // Each name and each schema once across these groups (a shared shape is named by the group owning it).
    const twice = Object.entries(docs.components)
      .filter(
        ([component, { schema }]) =>
          ownerOf.get(component) !== docs || components.get(schema)?.id !== component,
      )
      .map(([component]) => component);
    expect(twice).toEqual([]);
  });
});
