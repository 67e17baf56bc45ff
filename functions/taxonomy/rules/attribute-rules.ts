/**
 * Channel attributes' rules: whether a value fits an attribute (and in which form), and whether a
 * mapping can ever fit it, checked when the mapping is defined (400) rather than product by product.
 */
import type { AttributeDefinitionRule, AttributeMapping, AttributeValue, Measure } from '../schemas';
import { asText, parseTemplate } from './transforms';
import { convert, dimensionOf } from './units';

export type Conformed = { value: AttributeValue } | { problem: string };

const isMeasure = (value: unknown): value is Measure =>
  typeof value === 'object' && value !== null && 'unit' in value;

const numberText = /^-?\d+(\.\d+)?$/;

/** The value in the attribute's own form (numbers from numeric text, an enum's own spelling), or why not. */
export function conformValue(value: AttributeValue, attribute: AttributeDefinitionRule): Conformed {
  switch (attribute.type) {
    case 'text': {
      if (isMeasure(value)) return { value: asText(value) };
      const text = String(value);
      if (attribute.maxLength !== undefined && text.length > attribute.maxLength) {
        return {
          problem: `is ${text.length} characters long; ${attribute.name} takes at most ${attribute.maxLength}`,
        };
      }
      return { value: text };
    }
    case 'number':
      if (typeof value === 'number') return { value };
      if (typeof value === 'string' && numberText.test(value.trim())) return { value: Number(value.trim()) };
      return { problem: `"${asText(value).slice(0, 100)}" is not a number` };
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 'false') return { value: value === 'true' };
      return { problem: `"${asText(value).slice(0, 100)}" is not true or false` };
    case 'enum': {
      const text = asText(value);
      const allowed = attribute.allowedValues ?? [];
      const match =
        allowed.find((each) => each === text) ??
        allowed.find((each) => each.toLocaleLowerCase('en') === text.toLocaleLowerCase('en'));
      if (match !== undefined) return { value: match };
      return {
        problem: `"${text.slice(0, 100)}" is not one of the allowed values (${allowed.slice(0, 10).join(', ')}${allowed.length > 10 ? ', …' : ''})`,
      };
    }
    case 'measure': {
      const unit = attribute.unit!;
      if (!isMeasure(value)) {
        return typeof value === 'number'
          ? { problem: `${value} has no unit; ${attribute.name} is measured in ${unit}` }
          : { problem: `"${asText(value).slice(0, 100)}" is not a measure in ${unit}` };
      }
      if (value.unit === unit) return { value };
      const sameDimension = convert(value.value, value.unit, unit) !== undefined;
      return {
        problem: sameDimension
          ? `is in ${value.unit}; ${attribute.name} is measured in ${unit} (map it with unit_convert)`
          : `is in ${value.unit} (${dimensionOf(value.unit)}); ${attribute.name} is measured in ${unit} (${dimensionOf(unit)})`,
      };
    }
  }
}

export interface MappingProblem {
  /** Path inside the mapping (`transform.to`, `transform.values[2].to`). */
  path: string;
  message: string;
}

/**
 * Why a mapping can never give its target a valid value (the source's values are unknown until a
 * product comes, so only what the mapping itself says is checked). `attribute` is undefined where the
 * channel defines no attribute of that name: then only the mapping's own consistency is checked.
 */
export function mappingProblems(
  mapping: AttributeMapping,
  attribute: AttributeDefinitionRule | undefined,
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const transform = mapping.transform;
  const fits = (value: AttributeValue, path: string) => {
    if (!attribute) return;
    const outcome = conformValue(value, attribute);
    if ('problem' in outcome) problems.push({ path, message: `${outcome.problem}` });
  };
  switch (transform.type) {
    case 'constant':
      fits(transform.value, 'transform.value');
      break;
    case 'value_map':
      transform.values.forEach((pair, index) => fits(pair.to, `transform.values[${index}].to`));
      if (transform.default !== undefined) fits(transform.default, 'transform.default');
      break;
    case 'unit_convert': {
      if (transform.from && dimensionOf(transform.from) !== dimensionOf(transform.to)) {
        problems.push({
          path: 'transform.from',
          message: `${transform.from} (${dimensionOf(transform.from)}) and ${transform.to} (${dimensionOf(transform.to)}) are not of one dimension`,
        });
      }
      if (attribute?.type === 'measure' && attribute.unit !== transform.to) {
        problems.push({
          path: 'transform.to',
          message: `${attribute.name} is measured in ${attribute.unit}; convert to ${attribute.unit}`,
        });
      } else if (
        attribute &&
        attribute.type !== 'measure' &&
        attribute.type !== 'text' &&
        attribute.type !== 'number'
      ) {
        problems.push({
          path: 'transform.type',
          message: `a unit conversion cannot give ${attribute.name} (${attribute.type}) a value`,
        });
      }
      break;
    }
    case 'template': {
      const parsed = parseTemplate(transform.template);
      if ('problem' in parsed)
        problems.push({ path: 'transform.template', message: `the template ${parsed.problem}` });
      if (attribute && (attribute.type === 'boolean' || attribute.type === 'measure')) {
        problems.push({
          path: 'transform.type',
          message: `a template makes text; ${attribute.name} is ${attribute.type}`,
        });
      }
      break;
    }
    case 'concat':
      if (
        attribute &&
        (attribute.type === 'boolean' || attribute.type === 'measure' || attribute.type === 'number')
      ) {
        problems.push({
          path: 'transform.type',
          message: `concat makes text; ${attribute.name} is ${attribute.type}`,
        });
      }
      break;
    case 'copy':
      break;
  }
  return problems;
}
