/** The request body as the kernel reads it: JSON where a route takes one, and `{}` as "nothing" where not. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { BadRequest, UnsupportedMediaType } from '../../shared/errors';
import { jsonBody } from '../../shared/http/request';

const event = (body: string | undefined, contentType = 'application/json') =>
  ({
    body,
    headers: { 'content-type': contentType },
    isBase64Encoded: false,
  }) as unknown as APIGatewayProxyEventV2;

describe('jsonBody', () => {
  it('answers no body for an action that takes none, sent nothing, blanks or an empty object', () => {
    for (const body of [undefined, '', '  ', '{}', ' { } ', '{\n}'])
      expect(jsonBody(event(body), false)).toBeUndefined();
  });

  it('refuses anything else on an action that takes no body, saying {} is accepted', () => {
    for (const body of ['{"a":1}', '[]', 'null', '0', '{}{}', 'x']) {
      expect(() => jsonBody(event(body), false)).toThrow(BadRequest);
      expect(() => jsonBody(event(body), false)).toThrow(/send none, or \{\}/);
    }
  });

  it('parses JSON where the route takes a body, refusing other media types and bad JSON', () => {
    expect(jsonBody(event('{"a":1}'), true)).toEqual({ a: 1 });
    expect(() => jsonBody(event('{"a":1}', 'text/plain'), true)).toThrow(UnsupportedMediaType);
    expect(() => jsonBody(event('{"a":'), true)).toThrow(/not valid JSON/);
  });
});
