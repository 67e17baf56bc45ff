/**
 * The OpenAPI document the API serves: valid OpenAPI 3.1 under a third-party validator, and complete as a
 * reference: every operation described with an example whose parts parse under the route's own schemas,
 * every property and parameter described, every named component used.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { catalogueDocs } from '../../functions/catalogue-docs';
import type { OperationDocs } from '../../shared/openapi/docs';
import { openApiDocument } from '../../shared/openapi/document';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is arbitrary JSON that assertions read
type Json = Record<string, any>;
const document = openApiDocument(catalogues, catalogueDocs) as Json;
const groups = catalogues.map((catalogue) => catalogue.group);
const methods = ['get', 'put', 'post', 'delete', 'patch'];

const operationsOf = (group: string) =>
  Object.entries(catalogues.find((catalogue) => catalogue.group === group)!.routes);

const docsOf = (group: string, key: string) =>
  (catalogueDocs[group]?.operations as Record<string, OperationDocs | undefined> | undefined)?.[key];

/** Where a schema nests properties (not `$ref`: each component is walked where it is declared). */
function* propertiesUnder(schema: unknown, at: string): Generator<{ at: string; property: Json }> {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const [index, item] of schema.entries()) yield* propertiesUnder(item, `${at}/${index}`);
    return;
  }
  const node = schema as Json;
  for (const [name, property] of Object.entries((node.properties ?? {}) as Json)) {
    yield { at: `${at}/properties/${name}`, property };
    yield* propertiesUnder(property, `${at}/properties/${name}`);
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'prefixItems', 'not']) {
    if (key in node) yield* propertiesUnder(node[key], `${at}/${key}`);
  }
}

/** Every schema an operation holds inline: parameters, request body, answers. */
function* operationSchemas(): Generator<{ at: string; schema: unknown; group: string }> {
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const method of methods) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      const at = `${method.toUpperCase()} ${path}`;
      const group = operation.tags[0] as string;
      for (const parameter of operation.parameters as Json[]) {
        yield { at: `${at} parameter ${parameter.name}`, schema: parameter.schema, group };
      }
      for (const [type, media] of Object.entries((operation.requestBody?.content ?? {}) as Json)) {
        yield { at: `${at} body ${type}`, schema: media.schema, group };
      }
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        for (const [type, media] of Object.entries(((response as Json).content ?? {}) as Json)) {
          yield { at: `${at} ${status} ${type}`, schema: media.schema, group };
        }
      }
    }
  }
}

function undescribedIn(group: string): string[] {
  const missing: string[] = [];
  for (const { at, schema, group: owner } of operationSchemas()) {
    if (owner !== group) continue;
    for (const { at: where, property } of propertiesUnder(schema, '')) {
      if (typeof property.description !== 'string') missing.push(`${at}${where}`);
    }
  }
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const method of methods) {
      const operation = (item as Json)[method] as Json | undefined;
      if (operation?.tags[0] !== group) continue;
      for (const parameter of operation.parameters as Json[]) {
        if (typeof parameter.description !== 'string') {
          missing.push(`${method.toUpperCase()} ${path} parameter ${parameter.name}`);
        }
      }
    }
  }
  const declared = new Set(Object.keys(catalogueDocs[group]?.components ?? {}));
  for (const [name, schema] of Object.entries(document.components.schemas as Json)) {
    const declaredName =
      name.endsWith('Input') && !declared.has(name) ? name.slice(0, -'Input'.length) : name;
    if (!declared.has(declaredName)) continue;
    for (const { at, property } of propertiesUnder(schema, `#/components/schemas/${name}`)) {
      if (typeof property.description !== 'string') missing.push(at);
    }
  }
  return missing;
}

function referencedComponents(): Set<string> {
  const references = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') references.add(value);
        else visit(value);
      }
    }
  };
  visit(document.paths);
  visit(document.components.schemas);
  return references;
}

const parsesUnder = (schema: $ZodType | undefined, value: unknown, what: string): string[] => {
  if (!schema) return value === undefined ? [] : [`${what} given, but the route takes none`];
  const result = safeParse(schema, value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${what}.${issue.path.join('.')}: ${issue.message}`);
};

describe('the OpenAPI document', () => {
  let validation: { valid: boolean; errors?: unknown };
  beforeAll(async () => {
    validation = await new Validator().validate(document as never);
  });

  it('is valid OpenAPI 3.1 under @seriousme/openapi-schema-validator', () => {
    expect(validation.errors).toBeUndefined();
    expect(validation.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('holds all 125 operations, each tagged with a described group', () => {
    const operations = Object.values(document.paths as Json).flatMap((item) =>
      methods.filter((method) => (item as Json)[method]),
    );
    expect(operations).toHaveLength(125);
    expect(document.tags.map((tag: Json) => tag.name)).toEqual(groups);
    for (const tag of document.tags as Json[]) expect(tag.description, tag.name).toEqual(expect.any(String));
  });

  it('describes every property of the Problem component', () => {
    for (const { at, property } of propertiesUnder(document.components.schemas.Problem, 'Problem')) {
      expect(property.description, at).toEqual(expect.any(String));
    }
  });

  it('references every component it holds', () => {
    const references = referencedComponents();
    const unreferenced = Object.keys(document.components.schemas).filter(
      (name) => !references.has(`#/components/schemas/${name}`),
    );
    expect(unreferenced).toEqual([]);
  });
});

describe.each(groups)('the API reference of %s', (group) => {
  it('describes every operation, with an example', () => {
    const missing = operationsOf(group)
      .filter(([key]) => {
        const docs = docsOf(group, key);
        return !docs || docs.description.trim() === '' || !docs.example;
      })
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('gives examples whose params, query and body parse under the route, and whose answer parses under its response', () => {
    const failures = operationsOf(group).flatMap(([key, definition]) => {
      const example = docsOf(group, key)?.example;
      if (!example) return [];
      const problems = [
        ...parsesUnder(definition.params, example.params, 'params'),
        ...parsesUnder(definition.query, example.query ?? (definition.query ? {} : undefined), 'query'),
        ...parsesUnder(definition.body, example.body, 'body'),
        ...parsesUnder(definition.response, example.response, 'response'),
      ];
      return problems.map((problem) => `${key} ${problem}`);
    });
    expect(failures).toEqual([]);
  });

  it('offers If-Match wherever a write changes an existing versioned resource, POST actions included', () => {
    const headerNames = (path: string, method: string) =>
      ((document.paths[path][method].parameters ?? []) as Json[])
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => parameter.name);
    expect(headerNames('/v1/orders/{id}/payments', 'post')).toContain('If-Match');
    expect(headerNames('/v1/fulfillment/ship-now/{orderId}/print', 'post')).toContain('If-Match');
    expect(headerNames('/v1/orders/{order_id}/returns/{return_id}/refund', 'post')).toContain('If-Match');
    expect(headerNames('/v1/fulfillment/ship-now/void/{shipmentId}', 'delete')).toContain('If-Match');
    // A POST to a collection creates: nothing there can be stale.
    expect(headerNames('/v1/vendors', 'post')).not.toContain('If-Match');
  });

  it('describes every property and parameter', () => {
    expect(undescribedIn(group)).toEqual([]);
  });

  it('uses every component it names', () => {
    const references = referencedComponents();
    const unused = Object.keys(catalogueDocs[group]?.components ?? {}).filter(
      (name) =>
        !references.has(`#/components/schemas/${name}`) &&
        !references.has(`#/components/schemas/${name}Input`),
    );
    expect(unused).toEqual([]);
  });
});
