/**
 * The API reference of the reports, inventory, inventory-alerts and taxonomy groups: every operation is
 * documented, every example parses under its route's schemas (responses with no field the schema drops),
 * and every property and parameter name of the group's requests and responses has a description.
 */
import { describe, expect, it } from 'vitest';
import { safeParse, toJSONSchema } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';
import { inventoryAlertsCatalogue } from '../../functions/inventory-alerts/routes';
import { inventoryAlertsDocs } from '../../functions/inventory-alerts/openapi-docs';
import { reportsCatalogue } from '../../functions/reports/routes';
import { reportsDocs } from '../../functions/reports/openapi-docs';
import { inventoryCatalogue } from '../../functions/inventory/routes';
import { inventoryDocs } from '../../functions/inventory/openapi-docs';
import { taxonomyCatalogue } from '../../functions/taxonomy/routes';
import { taxonomyDocs } from '../../functions/taxonomy/openapi-docs';
import type { GroupCatalogue, RouteDefinition } from '../../shared/http/catalogue';
import { strayFields } from '../../shared/http/handler';
import { commonFields } from '../../shared/openapi/common-fields';
import type { GroupDocs, OperationExample } from '../../shared/openapi/docs';

const ulid = /^[0-9A-HJKMNP-TV-Z]{26}$/;

type Part = 'params' | 'query' | 'body';

/** Every property name a JSON schema holds, at any depth. */
function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const entry of schema) propertyNames(entry, into);
  } else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
      if (key === 'properties' && value && typeof value === 'object') {
        for (const name of Object.keys(value)) into.add(name);
      }
      // `const`, `default` and `examples` hold values, not schemas.
      if (key !== 'const' && key !== 'default' && key !== 'examples' && key !== 'enum')
        propertyNames(value, into);
    }
  }
  return into;
}

function namesOf(schema: $ZodType): Set<string> {
  const names = new Set<string>();
  for (const io of ['input', 'output'] as const) {
    propertyNames(toJSONSchema(schema, { io, unrepresentable: 'any' }), names);
  }
  return names;
}

/** Ids in an example: a 26-character string under a key named `id` or ending in `Id` is a ULID (listing ids are `<channel>:<sku>`). */
function badIds(value: unknown, path: string, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((entry, index) => badIds(entry, `${path}[${index}]`, into));
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      if (
        (key === 'id' || key.endsWith('Id')) &&
        typeof entry === 'string' &&
        entry.length === 26 &&
        !ulid.test(entry)
      ) {
        into.push(`${path}.${key}`);
      }
      badIds(entry, `${path}.${key}`, into);
    }
  }
  return into;
}

/** Every zod schema reachable from one (its shape, items, options, inner and piped schemas). */
function reachable(root: unknown, into = new Set<unknown>()): Set<unknown> {
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object' || into.has(value)) return;
    if ('_zod' in value) {
      into.add(value);
      visit((value as { _zod: { def: unknown } })._zod.def);
      return;
    }
    into.add(value);
    for (const entry of Array.isArray(value) ? value : Object.values(value)) visit(entry);
  };
  visit(root);
  return into;
}

function exampleProblems(name: string, route: RouteDefinition, example: OperationExample): string[] {
  const problems: string[] = [];
  const parts: Part[] = ['params', 'query', 'body'];
  for (const part of parts) {
    const schema = route[part];
    const value = example[part];
    if (!schema) {
      if (value !== undefined) problems.push(`${name}: example has ${part} but the route takes none`);
      continue;
    }
    if (part === 'params' && value === undefined) problems.push(`${name}: example has no params`);
    const parsed = safeParse(schema, value ?? (part === 'body' ? undefined : {}));
    if (!parsed.success) {
      problems.push(`${name}: example ${part} does not parse: ${JSON.stringify(parsed.error.issues)}`);
    }
  }
  if (route.response) {
    if (example.response === undefined) problems.push(`${name}: example has no response`);
    else {
      const parsed = safeParse(route.response, example.response);
      if (!parsed.success) {
        problems.push(`${name}: example response does not parse: ${JSON.stringify(parsed.error.issues)}`);
      } else {
        const stray = strayFields(example.response, parsed.data);
        if (stray.length > 0)
          problems.push(`${name}: example response has fields the schema drops: ${stray}`);
      }
    }
  } else if (example.response !== undefined) {
    problems.push(`${name}: example has a response but the route answers none`);
  }
  problems.push(...badIds(example, name).map((path) => `${path}: not a ULID`));
  return problems;
}

function checkGroup(catalogue: GroupCatalogue, docs: GroupDocs) {
  const routes = Object.entries(catalogue.routes);

  it('documents every operation, with a description and an example that parses', () => {
    const problems: string[] = [];
    for (const [name, route] of routes) {
      const operation = docs.operations[name];
      if (!operation) {
        problems.push(`${name}: not documented`);
        continue;
      }
      if (operation.description.trim().length < 40) problems.push(`${name}: description too short`);
      problems.push(...exampleProblems(name, route, operation.example));
    }
    expect(Object.keys(docs.operations).filter((name) => !(name in catalogue.routes))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('describes every request and response property and every parameter', () => {
    const components = Object.keys(docs.components);
    const described = (name: string, operationId: string) =>
      docs.fields[`${operationId}.${name}`] !== undefined ||
      docs.fields[name] !== undefined ||
      components.some((component) => docs.fields[`${component}.${name}`] !== undefined) ||
      commonFields[name] !== undefined;
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const [name, route] of routes) {
      for (const schema of [route.params, route.query, route.body, route.response]) {
        if (!schema) continue;
        for (const field of namesOf(schema)) {
          seen.add(field);
          if (!described(field, name)) missing.push(`${name}.${field}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // No description for a field the group does not have, nor one qualified by a component or an
    // operation that does not have it.
    const namesIn = (qualifier: string): Set<string> => {
      const component = docs.components[qualifier];
      if (component) return namesOf(component.schema);
      const route = catalogue.routes[qualifier];
      const names = new Set<string>();
      for (const schema of route ? [route.params, route.query, route.body, route.response] : []) {
        if (schema) for (const field of namesOf(schema)) names.add(field);
      }
      return names;
    };
    const stale = Object.keys(docs.fields).filter((key) => {
      const [qualifier, field] = key.includes('.') ? key.split('.') : [undefined, key];
      return qualifier === undefined ? !seen.has(field!) : !namesIn(qualifier).has(field!);
    });
    expect(stale).toEqual([]);
    for (const text of Object.values(docs.fields)) expect(text.trim().length).toBeGreaterThan(0);
  });

  it('names components after schemas its operations use, each with a description', () => {
    const used = new Set<unknown>();
    for (const [, route] of routes) {
      for (const schema of [route.params, route.query, route.body, route.response]) reachable(schema, used);
    }
    expect(Object.keys(docs.components).filter((name) => !used.has(docs.components[name]!.schema))).toEqual(
      [],
    );
    for (const [name, component] of Object.entries(docs.components)) {
      expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(component.description.trim().length).toBeGreaterThan(10);
      expect(typeof component.schema).toBe('object');
    }
  });
}

describe('API reference of inventory-alerts', () =>
  checkGroup(inventoryAlertsCatalogue, inventoryAlertsDocs));
describe('API reference of taxonomy', () => checkGroup(taxonomyCatalogue, taxonomyDocs));
describe('API reference of inventory', () => checkGroup(inventoryCatalogue, inventoryDocs));
describe('API reference of reports', () => checkGroup(reportsCatalogue, reportsDocs));
