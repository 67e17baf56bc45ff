/**
 * Zod schemas to the document's JSON Schemas, with the named component schemas (Order, Shipment, ...)
 * as `$ref`s to `#/components/schemas/<Name>` wherever that exact schema object appears.
 *
 * The names live in a registry local to one document build (never zod's global registry), so nothing
 * registers when a group's bundle loads. zod extracts a registered schema into `$defs`; this module
 * gathers those definitions into the components and rewrites the references.
 *
 * A component converts differently as a request part (input: fields with a default are optional) and
 * as an answer (output: they are always present). Where a component is used both ways and the two
 * forms differ, the answer keeps the name and the request form is `<Name>Input`.
 */
import type { $ZodType } from 'zod/v4/core';
import { registry, toJSONSchema } from 'zod/v4/core';

export type JsonSchema = Record<string, unknown>;
export type SchemaUse = 'input' | 'output';

export interface NamedSchema {
  name: string;
  schema: $ZodType;
  description: string;
}

const componentsPrefix = '#/components/schemas/';
const defsPrefix = '#/$defs/';
const inputSuffix = 'Input';

interface Converted {
  use: SchemaUse;
  schema: JsonSchema;
}

/** Rewrites every `$ref` under a schema (not into the `$ref`'d schemas: they are rewritten where they live). */
function rewriteRefs(node: unknown, rewrite: (ref: string) => string): void {
  if (Array.isArray(node)) {
    for (const item of node) rewriteRefs(item, rewrite);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as JsonSchema;
  if (typeof record.$ref === 'string') record.$ref = rewrite(record.$ref);
  for (const value of Object.values(record)) rewriteRefs(value, rewrite);
}

export class ComponentSchemas {
  private readonly names = registry<{ id?: string; description?: string }>();
  private readonly byName = new Map<string, NamedSchema>();
  /** Each component's JSON text per use, as zod emitted it (references still `#/$defs/<Name>`). */
  private readonly emitted = new Map<string, Map<SchemaUse, string>>();
  private readonly converted: Converted[] = [];
  private finished: Record<string, JsonSchema> | undefined;
  /** The final name of each component per use, once finished. */
  private readonly finalNames = new Map<string, Map<SchemaUse, string>>();

  constructor(components: readonly NamedSchema[]) {
    for (const component of components) {
      const named = this.byName.get(component.name);
      if (named && named.schema !== component.schema) {
        throw new Error(`Two different schemas are both named ${component.name}.`);
      }
      const registered = this.names.get(component.schema)?.id;
      if (registered !== undefined && registered !== component.name) {
        throw new Error(`One schema carries two component names: ${registered} and ${component.name}.`);
      }
      if (named) continue;
      this.byName.set(component.name, component);
      this.names.add(component.schema, { id: component.name, description: component.description });
    }
  }

  /**
   * A schema for use in a request (input) or an answer (output). With `inline`, components are not
   * referenced (parameters: each property becomes a parameter of its own).
   */
  convert(schema: $ZodType, use: SchemaUse, options: { inline?: boolean } = {}): JsonSchema {
    if (this.finished) throw new Error('The components are finished; convert every schema before.');
    const json = toJSONSchema(schema, {
      io: use,
      unrepresentable: 'any',
      metadata: options.inline ? registry() : this.names,
    }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    for (const [name, definition] of Object.entries(defs)) {
      if (!this.byName.has(name)) {
        throw new Error(`A schema needs a definition (${name}) that is not a named component: a cycle?`);
      }
      const text = JSON.stringify(definition);
      const uses = this.emitted.get(name) ?? new Map<SchemaUse, string>();
      const before = uses.get(use);
      if (before !== undefined && before !== text) {
        throw new Error(`Component ${name} converted two ways as ${use}.`);
      }
      uses.set(use, text);
      this.emitted.set(name, uses);
    }
    // A copy: the walks that add descriptions must never reach a node another schema shares.
    const copy = JSON.parse(JSON.stringify(json)) as JsonSchema;
    this.converted.push({ use, schema: copy });
    return copy;
  }

  /** The name a component has in the document, for a use. */
  private nameFor(name: string, use: SchemaUse): string {
    const final = this.finalNames.get(name)?.get(use);
    if (!final) throw new Error(`Component ${name} was never converted as ${use}.`);
    return final;
  }

  /**
   * The components every converted schema references, by their names in the document; rewrites the
   * references of every schema `convert` returned. Call once, after the last `convert`.
   */
  finish(): Record<string, JsonSchema> {
    if (this.finished) return this.finished;
    const split = this.splitComponents();
    for (const name of this.emitted.keys()) {
      const names = new Map<SchemaUse, string>();
      if (split.has(name)) {
        const inputName = `${name}${inputSuffix}`;
        if (this.byName.has(inputName)) {
          throw new Error(
            `${name} differs as a request part, and ${inputName} is taken by another component.`,
          );
        }
        names.set('output', name).set('input', inputName);
      } else {
        names.set('output', name).set('input', name);
      }
      this.finalNames.set(name, names);
    }
    const components: Record<string, JsonSchema> = {};
    const byUse = (use: SchemaUse) => (ref: string) =>
      ref.startsWith(defsPrefix)
        ? `${componentsPrefix}${this.nameFor(decodeURIComponent(ref.slice(defsPrefix.length)), use)}`
        : ref;
    for (const [name, uses] of this.emitted) {
      for (const [use, text] of uses) {
        const final = this.nameFor(name, use);
        if (components[final]) continue;
        const schema = JSON.parse(text) as JsonSchema;
        rewriteRefs(schema, byUse(use));
        if (final !== name) {
          schema.description =
            `${String(schema.description ?? '')} As sent in a request: fields that have a default may be left out.`.trim();
        }
        components[final] = schema;
      }
    }
    for (const { use, schema } of this.converted) rewriteRefs(schema, byUse(use));
    this.finished = components;
    return components;
  }

  /**
   * The components used both ways whose two forms differ: in their own text, or through a component they
   * refer to that differs (its two forms have two names, so the referring texts differ once resolved).
   */
  private splitComponents(): Set<string> {
    const split = new Set<string>();
    const references = new Map<string, Set<string>>();
    for (const [name, uses] of this.emitted) {
      const input = uses.get('input');
      const output = uses.get('output');
      if (input === undefined || output === undefined) continue;
      if (input !== output) split.add(name);
      const referred = [...input.matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)].map((match) =>
        decodeURIComponent(match[1]!),
      );
      references.set(name, new Set(referred));
    }
    for (let grown = true; grown;) {
      grown = false;
      for (const [name, referred] of references) {
        if (!split.has(name) && [...referred].some((other) => split.has(other))) {
          split.add(name);
          grown = true;
        }
      }
    }
    return split;
  }

  /** The docs' name of a component in the document (`OrderInput` → `Order`), for its field descriptions. */
  declaredName(documentName: string): string {
    for (const [name, uses] of this.finalNames) {
      for (const final of uses.values()) if (final === documentName) return name;
    }
    return documentName;
  }
}
