/**
 * The API reference text of orders, order activity, fulfillment, returns and vendors: every operation
 * has a description and an example, every part of each example parses under the route's own schema
 * (the response with no field the schema would drop), and every property a request or response of the
 * group carries has a field description.
 */
import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { safeParse, toJSONSchema } from 'zod/v4/core';
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

/** Every property name of a JSON schema, nested ones too (objects, arrays, unions, maps). */
function propertyNames(schema: unknown, names = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return names;
  if (Array.isArray(schema)) {
    for (const part of schema) propertyNames(part, names);
    return names;
  }
  const json = schema as JsonSchema;
  for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, unknown>)) {
    names.add(name);
    propertyNames(property, names);
  }
  for (const key of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'not']) {
    propertyNames(json[key], names);
  }
  for (const definition of Object.values((json.$defs ?? {}) as Record<string, unknown>)) {
    propertyNames(definition, names);
  }
  return names;
}

function namesOf(schema: $ZodType | undefined, ios: ReadonlyArray<'input' | 'output'>): Set<string> {
  const names = new Set<string>();
  if (!schema) return names;
  for (const io of ios) propertyNames(toJSONSchema(schema, { io, unrepresentable: 'any' }), names);
  return names;
}

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

function describedIn(docs: GroupDocs, operationId: string, name: string): boolean {
  if (docs.fields[`${operationId}.${name}`] ?? docs.fields[name] ?? commonFields[name]) return true;
  return Object.keys(docs.components).some((component) => docs.fields[`${component}.${name}`]);
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

  it('describes every property of its requests and responses', () => {
    const missing = routes.flatMap(([id, definition]) => {
      const names = new Set([
        ...namesOf(definition.params, ['input']),
        ...namesOf(definition.query, ['input']),
        ...namesOf(definition.body, ['input']),
        ...namesOf(definition.response, ['input', 'output']),
      ]);
      return [...names].filter((field) => !describedIn(docs, id, field)).map((field) => `${id}.${field}`);
    });
    expect(missing).toEqual([]);
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
  });
});
