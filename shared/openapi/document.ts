/**
 * OpenAPI 3.1 document derived from the route catalogue and the groups' docs (functions/<group>/
 * openapi-docs.ts): named component schemas, descriptions of every operation, property and parameter,
 * and an example request and answer for each operation.
 */
import type { $ZodType } from 'zod/v4/core';
import type { GroupCatalogue, RouteDefinition } from '../http/catalogue';
import type { Permission } from '../http/permissions';
import type { JsonSchema, NamedSchema } from './component-schemas';
import { ComponentSchemas } from './component-schemas';
import type { GroupDocs, OperationDocs } from './docs';
import type { FieldScope } from './field-descriptions';
import { describeProperties, fieldDescription } from './field-descriptions';
import { groupTagDescriptions } from './group-tags';
import { parameterExample } from './parameter-example';
import { problemComponentName, problemSchema } from './problem-schema';

/** Each group's docs by group name (functions/catalogue-docs.ts). */
export type CatalogueDocs = Readonly<Record<string, GroupDocs>>;

export const bearerScheme = 'bearer';

const problem = { $ref: `#/components/schemas/${problemComponentName}` };
const problemStatuses: Record<string, string> = {
  '400': 'Invalid input (bad JSON, schema, unknown field, bad cursor)',
  '401': 'Missing or invalid token',
  '403': 'The role does not allow this operation',
  '404': 'Unknown resource',
  '409': 'State conflict',
  '412': 'Stale If-Match',
  '413': 'Body over 1 MiB',
  '415': 'Body is not JSON',
  '422': 'Idempotency-Key reused with another body',
  '429': 'Throttled',
  '500': 'Internal error (carries a correlation id)',
  '503': 'The database is busy or unreachable; nothing was changed (retry after `Retry-After` seconds)',
  '504':
    'The request ran out of time and may still complete: read the resource before retrying, or retry with the same Idempotency-Key',
};

const rolesAllowed: Record<Permission, string> = {
  read: 'any role (viewer, operator, manager)',
  write: 'the operator or manager role',
  manage: 'the manager role',
};

const headerDescriptions = {
  ifMatch:
    'The `ETag` of the version you read: the change applies only to that version, else 412. `*` requires the resource to exist.',
  idempotencyKey:
    'Makes a retry safe: a second request with the same key and body answers the first response and changes nothing again; the same key with another body is a 422.',
  etag: 'The resource version as a strong entity tag; send it back in `If-Match`.',
  location: 'The presigned URL of the file.',
};

const info = {
  title: 'Commerce back-office API',
  version: '1.0.0',
  description: [
    "Orders, shipping, returns, stock, vendors, channel mappings and reports: a merchant's back-office work over HTTP.",
    '',
    "**Authentication.** Every operation needs a bearer token (a JWT from the Cognito user pool; locally `npm run token -- <role>` prints one). Roles come from the token's groups: `viewer` reads, `operator` also makes day-to-day changes, `manager` may do everything (settings, deletes, payments, refunds). Without a valid token the answer is 401, without the role 403.",
    '',
    '**Errors** are RFC 9457 problem documents (`application/problem+json`, the Problem schema); invalid input is a 400 that lists each refused field.',
    '',
    '**Lists** take `limit` (1 to 200, default 50) and `cursor`, and answer `{ items, nextCursor }`.',
    '',
    '**Concurrency.** Versioned resources answer an `ETag`; send it in `If-Match` to change them (412 when stale). Every POST takes an `Idempotency-Key`.',
    '',
    '**Money** is an integer count of minor units with an ISO 4217 currency; times are ISO 8601 UTC.',
  ].join('\n'),
};

interface Built {
  components: ComponentSchemas;
  docs: CatalogueDocs;
}

function groupScope(docs: GroupDocs | undefined, qualifier: string): FieldScope {
  return { qualifier, docs: docs ? [docs] : [] };
}

function parametersOf(
  definition: RouteDefinition,
  operationDocs: OperationDocs | undefined,
  scope: FieldScope,
  built: Built,
): unknown[] {
  const parameters: unknown[] = [];
  const examples = operationDocs?.example;
  for (const [where, schema, example] of [
    ['path', definition.params, examples?.params],
    ['query', definition.query, examples?.query],
  ] as const) {
    if (!schema) continue;
    const json = built.components.convert(schema, 'input', { inline: true });
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    const values = (example ?? {}) as Record<string, unknown>;
    for (const [name, property] of Object.entries(properties)) {
      describeProperties(property, scope);
      const description = fieldDescription(name, scope);
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description === undefined ? {} : { description }),
        schema: property,
        ...(Object.hasOwn(values, name) ? { example: parameterExample(values[name], property) } : {}),
      });
    }
  }
  // A POST to a collection creates (nothing to be stale); a POST to a resource changes it, and its
  // description says which version If-Match names (the order's for a payment or a print, the return's).
  const changesExisting = definition.method !== 'POST' || definition.path.includes('{');
  if (definition.versioned && definition.method !== 'GET' && changesExisting) {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description: headerDescriptions.ifMatch,
      schema: { type: 'string' },
    });
  }
  if (definition.method === 'POST') {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: headerDescriptions.idempotencyKey,
      schema: { type: 'string', maxLength: 255 },
    });
  }
  return parameters;
}

function convertPart(schema: $ZodType, use: 'input' | 'output', scope: FieldScope, built: Built): JsonSchema {
  const json = built.components.convert(schema, use);
  describeProperties(json, scope);
  return json;
}

function operationOf(
  definition: RouteDefinition & { group: string },
  operationDocs: OperationDocs | undefined,
  built: Built,
): Record<string, unknown> {
  const groupDocs = built.docs[definition.group];
  const scope = groupScope(groupDocs, definition.operationId);
  const example = operationDocs?.example;
  const responseSchema = definition.response
    ? convertPart(definition.response, 'output', scope, built)
    : undefined;
  const success = (description: string, withExample: boolean) => ({
    description,
    ...(responseSchema
      ? {
          content: {
            'application/json': {
              schema: responseSchema,
              ...(withExample && example?.response !== undefined ? { example: example.response } : {}),
            },
          },
        }
      : {}),
    ...(definition.versioned
      ? { headers: { ETag: { description: headerDescriptions.etag, schema: { type: 'string' } } } }
      : {}),
  });
  const responses: Record<string, unknown> = {
    [String(definition.status)]:
      definition.status === 302
        ? {
            description: 'Found: the file, at a presigned URL valid for 15 minutes',
            headers: {
              Location: {
                description: headerDescriptions.location,
                schema: { type: 'string', format: 'uri' },
              },
            },
          }
        : success(definition.createdStatus ? 'Replaced' : 'Success', true),
  };
  if (definition.createdStatus) responses[String(definition.createdStatus)] = success('Created', true);
  for (const [status, description] of Object.entries(definition.otherStatuses ?? {})) {
    responses[status] = success(description, false);
  }
  for (const [status, description] of Object.entries(problemStatuses)) {
    responses[status] = { description, content: { 'application/problem+json': { schema: problem } } };
  }
  const operation: Record<string, unknown> = {
    operationId: definition.operationId,
    summary: definition.summary,
    ...(operationDocs
      ? {
          description: `${operationDocs.description.trim()}\n\nAllowed to ${rolesAllowed[definition.permission]}.`,
        }
      : {}),
    tags: [definition.group],
    'x-permission': definition.permission,
    parameters: parametersOf(definition, operationDocs, scope, built),
    responses,
  };
  if (definition.body) {
    const optional = (definition.body as { _zod: { optin?: string } })._zod.optin === 'optional';
    operation.requestBody = {
      required: !optional,
      content: {
        'application/json': {
          schema: convertPart(definition.body, 'input', scope, built),
          ...(example?.body !== undefined ? { example: example.body } : {}),
        },
      },
    };
  }
  return operation;
}

function namedSchemas(docs: CatalogueDocs): NamedSchema[] {
  return Object.values(docs).flatMap((group) =>
    Object.entries(group.components).map(([name, component]) => ({
      name,
      schema: component.schema,
      description: component.description,
    })),
  );
}

/** The groups whose docs name a component: its fields are described by theirs. */
function componentScope(name: string, docs: CatalogueDocs): FieldScope {
  return {
    qualifier: name,
    docs: Object.values(docs).filter((group) => Object.hasOwn(group.components, name)),
  };
}

export function openApiDocument(
  groups: readonly GroupCatalogue[],
  docs: CatalogueDocs = {},
): Record<string, unknown> {
  const built: Built = { components: new ComponentSchemas(namedSchemas(docs)), docs };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const catalogue of groups) {
    const groupDocs = docs[catalogue.group];
    for (const [key, definition] of Object.entries(catalogue.routes)) {
      const operationDocs = (groupDocs?.operations as Record<string, OperationDocs> | undefined)?.[key];
      paths[definition.path] ??= {};
      paths[definition.path]![definition.method.toLowerCase()] = operationOf(
        { ...definition, group: catalogue.group },
        operationDocs,
        built,
      );
    }
  }
  const schemas = built.components.finish();
  for (const [name, schema] of Object.entries(schemas)) {
    describeProperties(schema, componentScope(built.components.declaredName(name), docs));
  }
  return {
    openapi: '3.1.0',
    info,
    // Relative: the API answers on the origin that served the document (the reference page's try-it too).
    servers: [{ url: '/', description: 'The API that served this document' }],
    security: [{ [bearerScheme]: [] }],
    tags: groups.map((catalogue) => ({
      name: catalogue.group,
      ...(groupTagDescriptions[catalogue.group]
        ? { description: groupTagDescriptions[catalogue.group] }
        : {}),
    })),
    components: {
      securitySchemes: {
        [bearerScheme]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "A Cognito access token with the caller's role in its groups; locally, `npm run token -- operator` prints a development token.",
        },
      },
      schemas: { ...schemas, [problemComponentName]: problemSchema },
    },
    paths,
  };
}
