import { describe, expect, it } from 'vitest';
import { decodeBars } from '../support/barcode-reader';
import {
  Code128Error,
  code128,
  code128Patterns,
  encodeCode128,
  stopModules,
  symbolModules,
} from '../../shared/render/code128';

/**
 * Reads bars back the way a scanner does, independently of the encoder's choices: modules to element
 * widths, widths to symbol values, the check character verified, values to text through code sets B
 * and C.
 */
function decode(modules: string): string {
  const widths = (modules.match(/1+|0+/g) ?? []).map((run) => run.length);
  const stop = widths.splice(-7).join('');
  if (stop !== code128Patterns[code128.stop]) throw new Error(`no stop pattern: ${stop}`);
  if (widths.length % 6 !== 0) throw new Error(`${widths.length} elements do not make whole symbols`);
  const values: number[] = [];
  for (let i = 0; i < widths.length; i += 6) {
    const value = code128Patterns.indexOf(widths.slice(i, i + 6).join(''));
    if (value === -1) throw new Error(`unknown symbol ${widths.slice(i, i + 6).join('')}`);
    values.push(value);
  }
  const [start, ...rest] = values;
  const check = rest.pop()!;
  const sum = rest.reduce((total, value, index) => total + value * (index + 1), start!);
  if (sum % 103 !== check) throw new Error(`check character ${check}, expected ${sum % 103}`);
  let set = start === code128.startC ? 'C' : start === code128.startB ? 'B' : 'other';
  let text = '';
  for (const value of rest) {
    if (value === code128.codeC && set === 'B') set = 'C';
    else if (value === code128.codeB && set === 'C') set = 'B';
    else if (set === 'C' && value < 100) text += String(value).padStart(2, '0');
    else if (set === 'B' && value < 95) text += String.fromCharCode(value + 32);
    else throw new Error(`value ${value} in code set ${set}`);
  }
  return text;
}

describe('Code 128 patterns', () => {
  it('has 107 symbols of 11 modules (the stop 13), all distinct, with an even number of bar modules', () => {
    expect(code128Patterns).toHaveLength(107);
    expect(new Set(code128Patterns).size).toBe(107);
    code128Patterns.forEach((pattern, value) => {
      const widths = Array.from(pattern, Number);
      const total = widths.reduce((a, b) => a + b, 0);
      expect(total).toBe(value === code128.stop ? stopModules : symbolModules);
      // The standard's self-check: every symbol's bars take an even number of modules.
      const bars = widths.filter((_, index) => index % 2 === 0).reduce((a, b) => a + b, 0);
      expect(bars % 2).toBe(0);
    });
  });
});

describe('encodeCode128', () => {
  it('draws "AIM" as ISO/IEC 15417 Figure 1 shows it', () => {
    expect(encodeCode128('AIM').modules).toBe(
      '11010010000101000110001100010001010111011000101110110001100011101011',
    );
  });

  it('gives "AIM1234" the check character 87 of the standard\'s Annex A example', () => {
    const symbol = encodeCode128('AIM1234');
    expect(symbol.values).toEqual([104, 33, 41, 45, 99, 12, 34, 87, 106]);
    expect(symbol.check).toBe(87);
  });

  it('encodes a UPS tracking number in B, then C for its closing run of digits', () => {
    // 1Z999AA1 in B (the run "10123456784" is odd: its first digit stays in B), CodeC, 01 23 45 67 84.
    // Check: 104 + 17·1 + 58·2 + 25·3 + 25·4 + 25·5 + 33·6 + 33·7 + 17·8 + 99·9 + 1·10 + 23·11 + 45·12
    // + 67·13 + 84·14 = 4843, and 4843 mod 103 = 2.
    const symbol = encodeCode128('1Z999AA10123456784');
    expect(symbol.values).toEqual([104, 17, 58, 25, 25, 25, 33, 33, 17, 99, 1, 23, 45, 67, 84, 2, 106]);
    expect(symbol.check).toBe(2);
    expect(decode(symbol.modules)).toBe('1Z999AA10123456784');
  });

  it.each([
    ['1', [104, 17, 18, 106]],
    ['12', [105, 12, 14, 106]],
    ['123', [104, 17, 18, 19, 8, 106]],
    ['1234', [105, 12, 34, 82, 106]],
    ['12345', [105, 12, 34, 100, 21, 54, 106]],
    ['1234567890', [105, 12, 34, 56, 78, 90, 85, 106]],
    ['AAAa12345aAA', [104, 33, 33, 33, 65, 17, 99, 23, 45, 100, 65, 33, 33, 54, 106]],
  ])("switches code sets for %s as the standard's minimal-length rules do", (text, values) => {
    expect(encodeCode128(text).values).toEqual(values);
  });

  it('draws "1234567890" in code set C, module for module', () => {
    expect(encodeCode128('1234567890').modules).toBe(
      '110100111001011001110010001011000111000101101100001010011011110110100111100101100011101011',
    );
  });

  it('ends every symbol with the stop pattern and its final 2-module bar', () => {
    const { modules } = encodeCode128('PJJ123C');
    expect(modules.endsWith('1100011101011')).toBe(true);
    expect(modules).toHaveLength((encodeCode128('PJJ123C').values.length - 1) * symbolModules + stopModules);
  });

  it.each([
    'JD014600003900000000',
    '9400111899223344556677',
    'TBA123456789000',
    'LX123456789DE',
    ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
    '0',
    'a1b22c333d4444e55555f666666',
  ])('reads %s back from its bars', (text) => {
    expect(decode(encodeCode128(text).modules)).toBe(text);
  });

  it.each(['9400815025099909294854', '99', 'AB9999', '1Z99'])(
    'the suite’s page scanner reads %s back too (99 in set C is a digit pair, not a switch)',
    (text) => {
      const { modules } = encodeCode128(text);
      // Each module 3 pixels wide, as a 300 dpi rendering gives them.
      const elements = (modules.match(/1+|0+/g) ?? []).map((run) => run.length * 3);
      expect(decodeBars(elements)).toBe(text);
    },
  );

  it.each([
    ['an empty text', '', undefined],
    ['a letter outside ASCII', 'Łódź', 0],
    ['a control character', 'AB\n12', 2],
    ['DEL', 'AB\u007f', 2],
  ])('refuses %s with a Code128Error naming the position', (_name, text, index) => {
    let error: unknown;
    try {
      encodeCode128(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Code128Error);
    expect((error as Code128Error).index).toBe(index);
  });
});
