/**
 * Descriptions for the document's properties and parameters, looked up in the groups' docs. Most
 * specific first: `<operationId>.<field>` (inside an operation's own schemas) or `<Component>.<field>`
 * (inside a component), then the group's plain `<field>`, then the common fields.
 */
import { commonFields } from './common-fields';
import type { JsonSchema } from './component-schemas';
import type { GroupDocs } from './docs';

export interface FieldScope {
  /** The operationId or the component name that qualifies a field's key. */
  qualifier: string;
  /** The docs to look in: the operation's group, or every group that names the component. */
  docs: readonly GroupDocs[];
}

/** Field names come from clients' keys and schemas alike: `constructor` must not find Object's. */
const own = (fields: Record<string, string>, key: string): string | undefined =>
  Object.hasOwn(fields, key) ? fields[key] : undefined;

export function fieldDescription(name: string, scope: FieldScope): string | undefined {
  for (const docs of scope.docs) {
    const qualified = own(docs.fields, `${scope.qualifier}.${name}`);
    if (qualified !== undefined) return qualified;
  }
  for (const docs of scope.docs) {
    const plain = own(docs.fields, name);
    if (plain !== undefined) return plain;
  }
  return own(commonFields, name);
}

/** Subschemas a property can hide in (not `$ref`: a component is described where it is declared). */
const nestedKeys = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;
const listKeys = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

/** Adds a description to every property under a schema that has none and whose name the docs know. */
export function describeProperties(schema: unknown, scope: FieldScope): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as JsonSchema;
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  if (properties && typeof properties === 'object') {
    for (const [name, property] of Object.entries(properties)) {
      if (property.description === undefined) {
        const description = fieldDescription(name, scope);
        if (description !== undefined) property.description = description;
      }
      describeProperties(property, scope);
    }
  }
  for (const key of nestedKeys) describeProperties(node[key], scope);
  for (const key of listKeys) {
    const list = node[key];
    if (Array.isArray(list)) for (const item of list) describeProperties(item, scope);
  }
}
