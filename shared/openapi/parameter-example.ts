/**
 * A docs example writes query parameters as the URL carries them (text, e.g. `limit: '20'`); the
 * document shows each in its schema's type, so a number parameter's example is a number, as its
 * schema says (and as OpenAPI linters check).
 */
export function parameterExample(value: unknown, schema: { type?: unknown }): unknown {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  if (numeric && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return value;
}
