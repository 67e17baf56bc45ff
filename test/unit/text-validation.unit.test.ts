import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { collationKey } from '../../shared/db/keys/item-key';
import { addressSchema } from '../../shared/domain/address';
import { isCountryCode } from '../../shared/domain/countries';
import { freeText, lineText } from '../../shared/http/text';

const name = lineText(100);
const note = freeText(1000);
const messageOf = (schema: typeof name, value: string) => safeParse(schema, value).error?.issues[0]?.message;

describe('text inputs', () => {
  it('stores NFC: a decomposed spelling becomes the composed one', () => {
    const decomposed = 'Cafe\u0301 ';
    expect(safeParse(name, decomposed).data).toBe('Caf\u00e9');
  });

  it.each([
    ['NUL', 'a\u0000b', 'control characters'],
    ['ESC', 'a\u001b[31mb', 'control characters'],
    ['DEL', 'a\u007fb', 'control characters'],
    ['a C1 control', 'a\u0085b', 'control characters'],
    ['a tab in a name', 'a\tb', 'control characters'],
    ['a newline in a name', 'a\nb', 'control characters'],
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'bidirectional'],
    ['a first-strong isolate', 'a\u2068b', 'bidirectional'],
    ['zero-width characters only', '\u200B\u200C\u200D\uFEFF', 'visible characters'],
    ['a lone surrogate', 'a\uD800b', 'Unicode'],
  ])('refuses %s in a name', (_, value, message) => {
    expect(messageOf(name, value)).toContain(message);
  });

  it('accepts tab and newline in free text, with CRLF kept as LF, and refuses other controls there', () => {
    expect(safeParse(note, 'line one\r\n\tline two').data).toBe('line one\n\tline two');
    expect(messageOf(note, 'bell\u0007')).toContain('control characters');
    expect(messageOf(note, 'lone\rreturn')).toContain('control characters');
  });

  it('accepts ordinary text of every script, emoji and joiners inside words', () => {
    for (const value of ['Zoë Saldaña', 'محمد', '王小明', 'Ａｂｃ', '👩‍💻 team', "O'Brien-Smith"]) {
      expect(safeParse(name, value).success, value).toBe(true);
    }
  });
});

describe('countries', () => {
  it('knows the 249 assigned ISO 3166-1 alpha-2 codes and nothing else', () => {
    expect(['US', 'GB', 'DE', 'SS', 'BQ', 'AX'].every(isCountryCode)).toBe(true);
    expect(['ZZ', 'UK', 'EU', 'XK', 'AA', 'us'].some(isCountryCode)).toBe(false);
    const address = { line1: '1 Main St', city: 'Nowhere', country: 'ZZ' };
    expect(safeParse(addressSchema, address).error?.issues[0]?.message).toBe(
      'must be an ISO 3166-1 alpha-2 country code',
    );
  });
});

describe('collationKey', () => {
  it('sorts names in dictionary order, not by code point', () => {
    const names = ['Zeta', 'Émile', 'adam', 'Ångström', 'emily'];
    const sorted = [...names].sort((a, b) => (collationKey(a) < collationKey(b) ? -1 : 1));
    expect(sorted).toEqual(['adam', 'Ångström', 'Émile', 'emily', 'Zeta']);
  });
});
