/**
 * The document client's translation between plain values and DynamoDB's AttributeValues, driven by the
 * key nodes each lib-dynamodb command carries (`inputKeyNodes`, `outputKeyNodes`: which members hold
 * items, keys or values). A port of lib-dynamodb's own walker (it is not exported), with the options our
 * client was built with, so that a command sent by the direct transport carries exactly what the SDK's
 * document client would have sent, and answers with what it would have answered.
 */
import { toAttributeValue as attributeValueOf, toNative as nativeOf } from './attribute-values';

/** `null`: the member itself is one value; `{}`: every member of it is; `[]`: every element of it is. */
export type KeyNodes = null | { [member: string]: KeyNodes } | KeyNodes[];

const nextLevel = '*';

type Convert = (value: unknown) => unknown;

const toAttributeValue: Convert = (value) => attributeValueOf(value);
const toNativeValue: Convert = (value) => nativeOf(value as Record<string, unknown>);
const toNativeValueWithBinary: Convert = (value) => toNativeValue(decodeBinary(value));

/**
 * DynamoDB's JSON carries binary values (`B`, `BS`) in base64; the SDK hands them on as bytes. Only an
 * answer whose text has such a member needs the walk.
 */
export function decodeBinary(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const attribute = value as Record<string, unknown>;
  if (typeof attribute.B === 'string') return { B: bytesOf(attribute.B) };
  if (Array.isArray(attribute.BS)) return { BS: attribute.BS.map((item) => bytesOf(String(item))) };
  if (Array.isArray(attribute.L)) return { L: attribute.L.map(decodeBinary) };
  if (attribute.M && typeof attribute.M === 'object') return { M: decodeBinaryMap(attribute.M) };
  return value;
}

/** As the SDK decodes them: a Uint8Array, not a Buffer. */
function bytesOf(base64: string): Uint8Array {
  const buffer = Buffer.from(base64, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** An item (or a key): every member an AttributeValue. */
export function decodeBinaryMap(map: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(map as object)) out[key] = decodeBinary(member);
  return out;
}

/** Whether an answer's text may hold a binary value. */
export function mayHoldBinary(text: string): boolean {
  return text.includes('"B":') || text.includes('"BS":');
}

/** The command's input as DynamoDB takes it. */
export function marshallDocumentInput(input: object, keyNodes: KeyNodes): Record<string, unknown> {
  return convertKeys(
    input as Record<string, unknown>,
    toAttributeValue,
    keyNodes as Record<string, KeyNodes>,
  );
}

/** DynamoDB's answer as the document client gives it. */
export function unmarshallDocumentOutput(
  output: object,
  keyNodes: KeyNodes,
  options: { binary?: boolean } = {},
): Record<string, unknown> {
  const convertValue = options.binary ? toNativeValueWithBinary : toNativeValue;
  return convertKeys(output as Record<string, unknown>, convertValue, keyNodes as Record<string, KeyNodes>);
}

function convert(value: unknown, convertValue: Convert, keyNodes: KeyNodes): unknown {
  if (value === undefined) return undefined;
  if (keyNodes === null) return convertValue(value);
  const keys = Object.keys(keyNodes);
  if (keys.length === 0) return convertEveryMember(value, convertValue);
  if (keys.length === 1 && keys[0] === nextLevel) {
    const next = (keyNodes as Record<string, KeyNodes>)[nextLevel]!;
    const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
    for (const [key, member] of Object.entries((value ?? {}) as object)) {
      if (typeof member !== 'function')
        (out as Record<string, unknown>)[key] = convert(member, convertValue, next);
    }
    return out;
  }
  return convertKeys(value as Record<string, unknown>, convertValue, keyNodes as Record<string, KeyNodes>);
}

function convertKeys(
  value: Record<string, unknown>,
  convertValue: Convert,
  keyNodes: Record<string, KeyNodes>,
): Record<string, unknown> {
  const out: Record<string, unknown> = Array.isArray(value)
    ? (value.filter((member) => typeof member !== 'function') as unknown as Record<string, unknown>)
    : {};
  if (!Array.isArray(value)) {
    for (const [key, member] of Object.entries(value)) {
      if (typeof member !== 'function') out[key] = member;
    }
  }
  for (const [key, nodes] of Object.entries(keyNodes)) {
    // As lib-dynamodb reads it: the member, own or inherited.
    if (value[key] === undefined || typeof value[key] === 'function') continue;
    const converted = convert(value[key], convertValue, nodes);
    if (converted !== undefined && typeof converted !== 'function') out[key] = converted;
  }
  return out;
}

function convertEveryMember(value: unknown, convertValue: Convert): unknown {
  const convertDefined = (member: unknown) => (member === undefined ? undefined : convertValue(member));
  if (Array.isArray(value)) {
    return value.filter((item) => typeof item !== 'function').map(convertDefined);
  }
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as object)) {
    if (typeof member === 'function') continue;
    const converted = convertDefined(member);
    if (converted !== undefined && typeof converted !== 'function') out[key] = converted;
  }
  return out;
}
