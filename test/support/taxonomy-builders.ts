/** Taxonomy test data: products, mappings, attribute definitions and templates, valid by default. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let sequence = 0;

export const taxonomyFixture = (name: string) => readFileSync(join('test/fixtures/taxonomy', name), 'utf8');
/** A fixture's bytes, as the load command reads them. */
export const taxonomyFixtureBytes = (name: string) => readFileSync(join('test/fixtures/taxonomy', name));

export function product(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    sku: `TX-${Date.now().toString(36)}-${sequence}`,
    title: 'Oxford shirt',
    categoryPath: 'Apparel > Shirts > Oxford',
    attributes: { Colour: 'Navy', Material: 'Cotton', Weight: { value: 300, unit: 'g' }, Brand: 'Inkwell' },
    ...overrides,
  };
}

export function mappingInput(overrides: Record<string, unknown> = {}) {
  return {
    channel: 'google',
    internalPath: 'Apparel > Shirts',
    channelCategory: { id: '212' },
    ...overrides,
  };
}

export function templateInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Google apparel',
    channel: 'google',
    categories: [{ internalPath: 'Apparel > Shirts', channelCategory: { id: '212' } }],
    attributes: [
      { target: 'color', source: { attribute: 'Colour' }, transform: { type: 'copy' } },
      {
        target: 'shipping_weight',
        source: { attribute: 'Weight' },
        transform: { type: 'unit_convert', to: 'kg' },
      },
      { target: 'title', transform: { type: 'template', template: '{attributes.Brand} {title}' } },
    ],
    ...overrides,
  };
}

/** Google-style attribute definitions: a required enum colour, a measure in kg, a required text title. */
export const googleAttributes = [
  {
    channel: 'google',
    name: 'color',
    type: 'enum',
    required: true,
    allowedValues: ['Navy', 'White', 'Black', 'Red'],
  },
  { channel: 'google', name: 'shipping_weight', type: 'measure', unit: 'kg', required: false },
  { channel: 'google', name: 'title', type: 'text', required: true, maxLength: 150 },
];
