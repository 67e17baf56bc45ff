/**
 * Every parameter example in the served document fits its own schema (type, enum, bounds, pattern):
 * a query example is written as text in the docs, and the document must show a number as a number
 * (Redocly's no-invalid-parameter-examples rule; this guards it without Redocly).
 */
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { catalogueDocs } from '../../functions/catalogue-docs';
import { openApiDocument } from '../../shared/openapi/document';
import { parameterExample } from '../../shared/openapi/parameter-example';

interface ParameterSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
}
interface Parameter {
  name: string;
  in: string;
  schema: ParameterSchema;
  example?: unknown;
}

const typeChecks: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
};

function misfits(example: unknown, schema: ParameterSchema): string[] {
  const problems: string[] = [];
  if (schema.type !== undefined && !typeChecks[schema.type]?.(example)) problems.push(`not ${schema.type}`);
  if (schema.enum && !schema.enum.includes(example)) problems.push('not in enum');
  if (typeof example === 'number') {
    if (schema.minimum !== undefined && example < schema.minimum) problems.push('below minimum');
    if (schema.maximum !== undefined && example > schema.maximum) problems.push('above maximum');
  }
  if (schema.pattern && typeof example === 'string' && !new RegExp(schema.pattern, 'u').test(example)) {
    problems.push('does not match pattern');
  }
  return problems;
}

describe('OpenAPI parameter examples', () => {
  it('each fits its own schema', () => {
    const document = openApiDocument(catalogues, catalogueDocs) as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const parameter of operation.parameters ?? []) {
          if (!Object.hasOwn(parameter, 'example')) continue;
          checked += 1;
          for (const problem of misfits(parameter.example, parameter.schema)) {
            problems.push(`${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}: ${problem}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('shows a query string number as a number and leaves other values as written', () => {
    expect(parameterExample('20', { type: 'integer' })).toBe(20);
    expect(parameterExample('2.5', { type: 'number' })).toBe(2.5);
    expect(parameterExample('', { type: 'integer' })).toBe('');
    expect(parameterExample('ten', { type: 'integer' })).toBe('ten');
    expect(parameterExample('20', { type: 'string' })).toBe('20');
  });
});
