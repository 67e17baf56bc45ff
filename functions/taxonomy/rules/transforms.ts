/**
 * What an attribute mapping makes of a product: the value, nothing (the source is empty), or why it
 * cannot apply. Pure: apply and preview call it, and the unit tests without a database.
 */
import type { AttributeMapping, AttributeValue, Measure, Product, Source, Transform } from '../schemas';
import { convert, dimensionOf } from './units';

export type Outcome = { value: AttributeValue } | { empty: true } | { problem: string };

const isMeasure = (value: unknown): value is Measure =>
  typeof value === 'object' && value !== null && 'unit' in value && 'value' in value;

/** A product's value for a source: own fields, or an attribute by exact name. */
export function sourceValue(product: Product, source: Source): AttributeValue | undefined {
  if ('field' in source) return product[source.field];
  return Object.hasOwn(product.attributes, source.attribute)
    ? product.attributes[source.attribute]
    : undefined;
}

export const describeSource = (source: Source) =>
  'field' in source ? source.field : `attribute "${source.attribute}"`;

const isEmpty = (value: AttributeValue | undefined): value is undefined =>
  value === undefined || (typeof value === 'string' && value.length === 0);

/** Text of a value for templates, concatenation and value-map keys. */
export function asText(value: AttributeValue): string {
  if (isMeasure(value)) return `${value.value} ${value.unit}`;
  return String(value);
}

/** A template's parts: literal text and placeholders (`{title}`, `{attributes.Colour}`); `{{` and `}}` escape. */
export type TemplatePart = { text: string } | { placeholder: string; source: Source };

export function parseTemplate(template: string): { parts: TemplatePart[] } | { problem: string } {
  const parts: TemplatePart[] = [];
  let text = '';
  for (let at = 0; at < template.length; at++) {
    const char = template[at];
    if ((char === '{' || char === '}') && template[at + 1] === char) {
      text += char;
      at++;
      continue;
    }
    if (char === '}')
      return { problem: `has a } without its { at character ${at + 1} (write }} for a brace)` };
    if (char !== '{') {
      text += char;
      continue;
    }
    const end = template.indexOf('}', at);
    if (end < 0) return { problem: `has a { without its } at character ${at + 1} (write {{ for a brace)` };
    const placeholder = template.slice(at + 1, end);
    const source = placeholderSource(placeholder);
    if (!source) {
      return {
        problem: `has an unknown placeholder {${placeholder}}: use {sku}, {title}, {description}, {categoryPath} or {attributes.<name>}`,
      };
    }
    if (text) parts.push({ text });
    text = '';
    parts.push({ placeholder, source });
    at = end;
  }
  if (text) parts.push({ text });
  return { parts };
}

function placeholderSource(placeholder: string): Source | undefined {
  if (placeholder === 'sku' || placeholder === 'title' || placeholder === 'description') {
    return { field: placeholder };
  }
  if (placeholder === 'categoryPath') return { field: 'categoryPath' };
  if (placeholder.startsWith('attributes.') && placeholder.length > 'attributes.'.length) {
    return { attribute: placeholder.slice('attributes.'.length) };
  }
  return undefined;
}

function convertMeasure(value: AttributeValue, from: string | undefined, to: string): Outcome {
  const measure: Measure | undefined = isMeasure(value)
    ? value
    : typeof value === 'number' && from
      ? { value, unit: from }
      : undefined;
  if (!measure) {
    return {
      problem:
        typeof value === 'number'
          ? `${value} has no unit and the transform names no "from" unit`
          : `"${asText(value)}" is not a measure (a number with its unit)`,
    };
  }
  const converted = convert(measure.value, measure.unit, to);
  if (converted === undefined) {
    return {
      problem: `${measure.unit} (${dimensionOf(measure.unit) ?? 'unknown'}) cannot be converted to ${to} (${dimensionOf(to) ?? 'unknown'})`,
    };
  }
  return { value: { value: converted, unit: to } };
}

/** What one transform makes of a product, reading `source` where the transform takes one. */
export function applyTransform(product: Product, source: Source | undefined, transform: Transform): Outcome {
  switch (transform.type) {
    case 'constant':
      return { value: transform.value };
    case 'template': {
      const parsed = parseTemplate(transform.template);
      if ('problem' in parsed) return { problem: `the template ${parsed.problem}` };
      let out = '';
      for (const part of parsed.parts) {
        if ('text' in part) {
          out += part.text;
          continue;
        }
        const value = sourceValue(product, part.source);
        if (isEmpty(value)) return { problem: `placeholder {${part.placeholder}} has no value` };
        out += asText(value);
      }
      return { value: out };
    }
    case 'concat': {
      const values = transform.sources
        .map((each) => sourceValue(product, each))
        .filter((value): value is AttributeValue => !isEmpty(value))
        .map(asText);
      return values.length === 0 ? { empty: true } : { value: values.join(transform.separator) };
    }
    default:
      break;
  }
  const value = source ? sourceValue(product, source) : undefined;
  if (isEmpty(value)) return { empty: true };
  switch (transform.type) {
    case 'copy':
      return { value };
    case 'unit_convert':
      return convertMeasure(value, transform.from, transform.to);
    case 'value_map': {
      const key = asText(value);
      const entry = transform.values.find((pair) => asText(pair.from) === key);
      if (entry) return { value: entry.to };
      const folded = key.toLocaleLowerCase('en');
      const loose = transform.values.find((pair) => asText(pair.from).toLocaleLowerCase('en') === folded);
      if (loose) return { value: loose.to };
      if (transform.default !== undefined) return { value: transform.default };
      return {
        problem: `the value "${key.slice(0, 100)}" of ${describeSource(source!)} has no entry in the value map, which has no default`,
      };
    }
  }
}

export const applyMapping = (product: Product, mapping: AttributeMapping): Outcome =>
  applyTransform(product, mapping.source, mapping.transform);
