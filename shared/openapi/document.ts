/** OpenAPI 3.1 document derived from the route catalogue. */
import type { $ZodType } from 'zod/v4/core';
import { toJSONSchema } from 'zod/v4/core';
import type { GroupCatalogue, RouteDefinition } from '../http/catalogue';
import { flattenCatalogue } from '../http/catalogue';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const json = toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parametersOf(definition: RouteDefinition): unknown[] {
  const parameters: unknown[] = [];
  for (const [where, schema] of [
    ['path', definition.params],
    ['query', definition.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: property,
      });
    }
  }
  for (const header of ['If-Match'] as const) {
    if (definition.versioned && definition.method !== 'GET' && definition.method !== 'POST') {
      parameters.push({ name: header, in: 'header', required: false, schema: { type: 'string' } });
    }
  }
  if (definition.method === 'POST') {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: 255 },
    });
  }
  return parameters;
}

const problem = { $ref: '#/components/schemas/Problem' };
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
};

function operationOf(definition: RouteDefinition & { group: string }): Record<string, unknown> {
  const success = (description: string) => ({
    description,
    ...(definition.response
      ? { content: { 'application/json': { schema: schemaOf(definition.response, 'output') } } }
      : {}),
    ...(definition.versioned ? { headers: { ETag: { schema: { type: 'string' } } } } : {}),
  });
  const responses: Record<string, unknown> = {
    [String(definition.status)]:
      definition.status === 302
        ? {
            description: 'Found: the file, at a presigned URL valid for 15 minutes',
            headers: { Location: { schema: { type: 'string', format: 'uri' } } },
          }
        : success(definition.createdStatus ? 'Replaced' : 'Success'),
  };
  if (definition.createdStatus) responses[String(definition.createdStatus)] = success('Created');
  for (const [status, description] of Object.entries(definition.otherStatuses ?? {})) {
    responses[status] = success(description);
  }
  for (const [status, description] of Object.entries(problemStatuses)) {
    responses[status] = { description, content: { 'application/problem+json': { schema: problem } } };
  }
  const operation: Record<string, unknown> = {
    operationId: definition.operationId,
    summary: definition.summary,
    tags: [definition.group],
    'x-permission': definition.permission,
    parameters: parametersOf(definition),
    responses,
  };
  if (definition.body) {
    const optional = (definition.body as { _zod: { optin?: string } })._zod.optin === 'optional';
    operation.requestBody = {
      required: !optional,
      content: { 'application/json': { schema: schemaOf(definition.body, 'input') } },
    };
  }
  return operation;
}

export function openApiDocument(groups: readonly GroupCatalogue[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const definition of flattenCatalogue(groups)) {
    paths[definition.path] ??= {};
    paths[definition.path]![definition.method.toLowerCase()] = operationOf(definition);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce back-office API',
      version: '1.0.0',
      description:
        'Orders, shipping, returns, stock, vendors, channel mappings and reports. Roles: viewer, operator, manager.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'detail'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            instance: { type: 'string' },
            correlationId: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                properties: { path: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    paths,
  };
}
