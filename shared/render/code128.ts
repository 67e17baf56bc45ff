/**
 * Code 128 (ISO/IEC 15417), the symbology carriers print tracking numbers in. Pure: text in, symbol
 * values and bar/space modules out; label-pdf.ts draws the modules.
 *
 * Code set B carries printable ASCII one character a symbol; code set C carries two digits a symbol.
 * Switching follows the standard's minimal-length rules (Annex E), as label software does: start in C
 * when the text opens with four or more digits (or is exactly two digits); from B, switch to C for a
 * run of four or more digits, spending an odd run's first digit in B so C takes whole pairs; leave C
 * when fewer than two digits remain in the run. Code set A (control characters) is never needed for
 * ASCII 32–126 and is not used.
 */

/** Bar and space widths, in modules, of symbol values 0–106 (103–105 Start A/B/C, 106 Stop). */
// prettier-ignore
export const code128Patterns: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const code128 = {
  codeC: 99,
  codeB: 100,
  startB: 104,
  startC: 105,
  stop: 106,
} as const;

/** Modules every symbol takes; the stop pattern takes 13 (its final bar is 2 modules). */
export const symbolModules = 11;
export const stopModules = 13;
/** The standard's minimum quiet zone on either side, in modules. */
export const quietZoneModules = 10;

export class Code128Error extends Error {
  override readonly name = 'Code128Error';
  constructor(
    message: string,
    /** The offending character's position in the text, when one is to blame. */
    readonly index?: number,
  ) {
    super(message);
  }
}

export interface Code128Symbol {
  /** Symbol values: start, data (with code set switches), check character, stop. */
  values: number[];
  /** The check character (mod 103), also the second-to-last value. */
  check: number;
  /** Bars and spaces, one character a module: '1' bar, '0' space; quiet zones not included. */
  modules: string;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

function digitRunAt(text: string, index: number): number {
  let end = index;
  while (end < text.length && isDigit(text.charCodeAt(end))) end += 1;
  return end - index;
}

function checkCharacters(text: string): void {
  if (text.length === 0) throw new Code128Error('nothing to encode: the text is empty');
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 32 || code > 126) {
      throw new Code128Error(
        `character ${JSON.stringify(text[index])} at ${index} is outside printable ASCII (32–126)`,
        index,
      );
    }
  }
}

/** Data values (after the start character) and the start character itself. */
function dataValues(text: string): { start: number; data: number[] } {
  const lead = digitRunAt(text, 0);
  const startInC = lead >= 4 || (lead === 2 && text.length === 2);
  const data: number[] = [];
  let inC = startInC;
  let index = 0;
  while (index < text.length) {
    const run = digitRunAt(text, index);
    if (inC) {
      if (run >= 2) {
        data.push(Number(text.slice(index, index + 2)));
        index += 2;
      } else {
        data.push(code128.codeB);
        inC = false;
      }
      continue;
    }
    if (run >= 4) {
      // An odd run spends its first digit in B, so C carries whole pairs to the run's end.
      if (run % 2 === 1) {
        data.push(text.charCodeAt(index) - 32);
        index += 1;
      }
      data.push(code128.codeC);
      inC = true;
      continue;
    }
    data.push(text.charCodeAt(index) - 32);
    index += 1;
  }
  return { start: startInC ? code128.startC : code128.startB, data };
}

/** The symbol check character: start value plus each data value times its position, mod 103. */
export function code128Check(start: number, data: readonly number[]): number {
  let sum = start;
  data.forEach((value, index) => (sum += value * (index + 1)));
  return sum % 103;
}

/** Widths to modules: bars and spaces alternate, starting with a bar. */
export function patternModules(values: readonly number[]): string {
  let modules = '';
  for (const value of values) {
    const pattern = code128Patterns[value]!;
    for (let element = 0; element < pattern.length; element++) {
      modules += (element % 2 === 0 ? '1' : '0').repeat(Number(pattern[element]));
    }
  }
  return modules;
}

/** Encodes printable ASCII (32–126); throws Code128Error for anything else or for empty text. */
export function encodeCode128(text: string): Code128Symbol {
  checkCharacters(text);
  const { start, data } = dataValues(text);
  const check = code128Check(start, data);
  const values = [start, ...data, check, code128.stop];
  return { values, check, modules: patternModules(values) };
}
