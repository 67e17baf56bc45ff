/**
 * What the API reference says beyond the schemas: named component schemas, field descriptions and each
 * operation's description and example. It lives in `functions/<group>/openapi-docs.ts`, which only the
 * OpenAPI document imports (never a group's handler), so none of this text ships in a group's bundle or
 * costs its cold start.
 */
import type { $ZodType, input, output } from 'zod/v4/core';
import type { GroupCatalogue, RouteDefinition } from '../http/catalogue';

type In<S> = [Exclude<S, undefined>] extends [never] ? never : input<Exclude<S, undefined>>;
type Out<S> = [Exclude<S, undefined>] extends [never] ? never : output<Exclude<S, undefined>>;

/** One request and its answer, as a client would send and read them. Tests parse each part with the route's schemas. */
export interface OperationExample<D extends RouteDefinition = RouteDefinition> {
  /** Path parameters by the interface's names. */
  params?: In<D['params']>;
  /** Query parameters as sent (strings). */
  query?: In<D['query']>;
  body?: In<D['body']>;
  /** The success body (absent for 204 and 302). */
  response?: Out<D['response']>;
}

export interface OperationDocs<D extends RouteDefinition = RouteDefinition> {
  /** What the operation does, its rules and the conflicts it answers (Markdown, a paragraph or two). */
  description: string;
  example: OperationExample<D>;
}

export interface ComponentDocs {
  /** The zod schema this name stands for: wherever it appears in an operation it becomes a `$ref`. */
  schema: $ZodType;
  description: string;
}

export interface GroupDocs<C extends GroupCatalogue = GroupCatalogue> {
  /** Named schemas (Order, Shipment, Return, ...): `#/components/schemas/<Name>`. */
  components: Record<string, ComponentDocs>;
  /**
   * Field descriptions by property name, for body and response properties and query and path
   * parameters of this group's operations. A name that means different things in different places
   * takes a qualified key: `<Component>.<field>` or `<operationId>.<field>` (most specific wins), else
   * the plain name, else the common fields (shared/openapi/common-fields.ts).
   */
  fields: Record<string, string>;
  /** Every operation of the group (a test checks that none is missing and each example parses). */
  operations: Partial<{ [K in keyof C['routes']]: OperationDocs<C['routes'][K]> }>;
}

/** Declares a group's docs; keeps the operations' types for their examples. */
export function defineDocs<C extends GroupCatalogue>(_catalogue: C, docs: GroupDocs<C>): GroupDocs<C> {
  return docs;
}
