/**
 * How the document builder turns a catalogue and its docs into OpenAPI: named components as `$ref`s,
 * the request form of a component apart when it differs, descriptions by the most specific key, the
 * examples where a client reads them. A small made-up group, so these hold whatever the real docs say.
 */
import * as z from 'zod/mini';
import { globalRegistry } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { defineGroup, route } from '../../shared/http/catalogue';
import { defineDocs } from '../../shared/openapi/docs';
import { openApiDocument } from '../../shared/openapi/document';

const address = z.strictObject({
  city: z.string(),
  country: z.string(),
  widgetFlavour: z.optional(z.string()),
});
const widgetInput = z.strictObject({
  name: z.string(),
  size: z._default(z.number(), 1),
  address,
});
const widget = z.object({ ...widgetInput.def.shape, id: z.string(), version: z.number() });
const gadget = z.object({ name: z.string(), widgets: z.array(widget) });

const widgets = defineGroup('widgets', {
  listWidgets: route({
    method: 'GET',
    path: '/v1/widgets',
    operationId: 'listWidgets',
    summary: 'List widgets',
    permission: 'read',
    query: z.strictObject({ limit: z._default(z.number(), 50), name: z.optional(z.string()) }),
    status: 200,
    response: z.object({ items: z.array(widget), nextCursor: z.nullable(z.string()) }),
  }),
  putWidget: route({
    method: 'PUT',
    path: '/v1/widgets/{id}',
    operationId: 'putWidget',
    summary: 'Create or replace a widget',
    permission: 'write',
    params: z.strictObject({ id: z.string() }),
    body: widgetInput,
    status: 200,
    createdStatus: 201,
    response: widget,
    versioned: true,
  }),
  getGadget: route({
    method: 'GET',
    path: '/v1/gadgets/{id}',
    operationId: 'getGadget',
    summary: 'Get a gadget',
    permission: 'read',
    params: z.strictObject({ id: z.string() }),
    status: 200,
    response: gadget,
  }),
});

const sample = { name: 'Left', size: 2, address: { city: 'Łódź', country: 'PL' } };
const widgetsDocs = defineDocs(widgets, {
  components: {
    Widget: { schema: widget, description: 'A widget.' },
    Address: { schema: address, description: 'Where it is.' },
  },
  fields: {
    name: 'What the thing is called.',
    'Address.city': 'The city of the address.',
    city: 'Any city.',
    'putWidget.id': 'The id the client chose.',
    id: 'The id.',
    size: 'How big.',
  },
  operations: {
    listWidgets: {
      description: 'Lists them.',
      example: {
        query: { name: 'Left' },
        response: { items: [{ ...sample, id: 'w1', version: 1 }], nextCursor: null },
      },
    },
    putWidget: {
      description: 'Puts one.',
      example: { params: { id: 'w1' }, body: sample, response: { ...sample, id: 'w1', version: 1 } },
    },
  },
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is arbitrary JSON that assertions read
type Json = Record<string, any>;
const document = openApiDocument([widgets], { widgets: widgetsDocs }) as Json;
const schemas = document.components.schemas as Json;
const operation = (path: string, method: string) => document.paths[path][method] as Json;

describe('the OpenAPI document builder', () => {
  it('names each docs component once and refers to it wherever that schema appears', () => {
    const list = operation('/v1/widgets', 'get').responses['200'].content['application/json'].schema;
    expect(list.properties.items.items).toEqual({ $ref: '#/components/schemas/Widget' });
    expect(operation('/v1/widgets/{id}', 'put').responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Widget',
    });
    // Inside another schema that is no component, and inside a component.
    const gadgetSchema = operation('/v1/gadgets/{id}', 'get').responses['200'].content['application/json']
      .schema;
    expect(gadgetSchema.properties.widgets.items.$ref).toBe('#/components/schemas/Widget');
    expect(schemas.Widget.properties.address.$ref).toBe('#/components/schemas/Address');
    expect(schemas.Widget.description).toBe('A widget.');
    expect(Object.keys(schemas).sort()).toEqual(['Address', 'Problem', 'Widget']);
  });

  it('keeps a schema that is no component inline, and registers nothing in zod’s global registry', () => {
    const body = operation('/v1/widgets/{id}', 'put').requestBody.content['application/json'].schema;
    expect(body.type).toBe('object');
    expect(body.properties.address.$ref).toBe('#/components/schemas/Address');
    expect(globalRegistry.has(widget)).toBe(false);
    expect(globalRegistry.has(address)).toBe(false);
  });

  it('gives a component used in requests and answers a request form of its own when the two differ', () => {
    const sized = z.object({ size: z._default(z.number(), 1) });
    const group = defineGroup('sizes', {
      putSize: route({
        method: 'PUT',
        path: '/v1/sizes',
        operationId: 'putSize',
        summary: 'Put a size',
        permission: 'write',
        body: sized,
        status: 200,
        response: sized,
      }),
    });
    const built = openApiDocument([group], {
      sizes: defineDocs(group, {
        components: { Size: { schema: sized, description: 'A size.' } },
        fields: {},
        operations: {},
      }),
    }) as Json;
    const put = built.paths['/v1/sizes'].put;
    expect(put.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/SizeInput');
    expect(put.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/Size');
    expect(built.components.schemas.Size.required).toEqual(['size']);
    expect(built.components.schemas.SizeInput.required).toBeUndefined();
    expect(built.components.schemas.SizeInput.description).toMatch(/^A size\. As sent in a request/);
  });

  it('gives a component the request form of its own too when only a component inside it differs', () => {
    const inner = z.object({ size: z._default(z.number(), 1) });
    const outer = z.strictObject({ inner });
    const group = defineGroup('nested', {
      putOuter: route({
        method: 'PUT',
        path: '/v1/outer',
        operationId: 'putOuter',
        summary: 'Put an outer',
        permission: 'write',
        body: outer,
        status: 200,
        response: outer,
      }),
    });
    const built = openApiDocument([group], {
      nested: defineDocs(group, {
        components: {
          Inner: { schema: inner, description: 'Inner.' },
          Outer: { schema: outer, description: 'Outer.' },
        },
        fields: {},
        operations: {},
      }),
    }) as Json;
    const put = built.paths['/v1/outer'].put;
    expect(put.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/OuterInput');
    expect(built.components.schemas.OuterInput.properties.inner.$ref).toBe('#/components/schemas/InnerInput');
    expect(built.components.schemas.Outer.properties.inner.$ref).toBe('#/components/schemas/Inner');
  });

  it('describes fields by the most specific key: operation, component, group, then the common fields', () => {
    const put = operation('/v1/widgets/{id}', 'put');
    expect(put.parameters.find((parameter: Json) => parameter.name === 'id').description).toBe(
      'The id the client chose.',
    );
    expect(schemas.Address.properties.city.description).toBe('The city of the address.');
    expect(schemas.Widget.properties.id.description).toBe('The id.');
    expect(schemas.Widget.properties.size.description).toBe('How big.');
    // The common fields (shared/openapi/common-fields.ts) say what limit and version are.
    const list = operation('/v1/widgets', 'get');
    expect(list.parameters.find((parameter: Json) => parameter.name === 'limit').description).toMatch(
      /Page size/,
    );
    expect(schemas.Widget.properties.version.description).toMatch(/Increases by one/);
    // A field no docs know stays undescribed (the completeness test reports it).
    expect(schemas.Address.properties.widgetFlavour.description).toBeUndefined();
  });

  it('puts each example where a client reads it: parameters, request body, the success answers', () => {
    const put = operation('/v1/widgets/{id}', 'put');
    expect(put.parameters.find((parameter: Json) => parameter.name === 'id').example).toBe('w1');
    expect(put.requestBody.content['application/json'].example).toEqual(sample);
    for (const status of ['200', '201']) {
      expect(put.responses[status].content['application/json'].example).toEqual({
        ...sample,
        id: 'w1',
        version: 1,
      });
    }
    const list = operation('/v1/widgets', 'get');
    expect(list.parameters.find((parameter: Json) => parameter.name === 'name').example).toBe('Left');
    expect(list.parameters.find((parameter: Json) => parameter.name === 'limit')).not.toHaveProperty(
      'example',
    );
  });

  it('describes each operation with its docs and the roles allowed, and tags it with its group', () => {
    expect(operation('/v1/widgets/{id}', 'put').description).toBe(
      'Puts one.\n\nAllowed to the operator or manager role.',
    );
    expect(operation('/v1/widgets/{id}', 'put').tags).toEqual(['widgets']);
    expect(document.tags).toEqual([{ name: 'widgets' }]);
    expect(operation('/v1/gadgets/{id}', 'get')).not.toHaveProperty('description');
  });

  it('answers problems with the Problem component and lets the bearer token reach the same origin', () => {
    const responses = operation('/v1/widgets', 'get').responses;
    expect(responses['404'].content['application/problem+json'].schema.$ref).toBe(
      '#/components/schemas/Problem',
    );
    expect(schemas.Problem.properties.errors.items.properties.path.description).toEqual(expect.any(String));
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('refuses two schemas under one name, or one schema under two names', () => {
    const twice = (components: Record<string, { schema: z.ZodMiniType; description: string }>) =>
      openApiDocument([widgets], {
        widgets: { components, fields: {}, operations: {} },
        other: { components: { Widget: { schema: gadget, description: 'x' } }, fields: {}, operations: {} },
      });
    expect(() => twice({ Widget: { schema: widget, description: 'x' } })).toThrow(/Two different schemas/);
    expect(() =>
      openApiDocument([widgets], {
        widgets: {
          components: {
            Widget: { schema: widget, description: 'x' },
            Thing: { schema: widget, description: 'y' },
          },
          fields: {},
          operations: {},
        },
      }),
    ).toThrow(/two component names/);
  });
});
