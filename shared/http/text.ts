/**
 * Text clients send (DESIGN §3): stored NFC-normalised and trimmed; control characters refused (tab and
 * newline only in free text, where CRLF becomes LF); bidirectional overrides and isolates refused (they
 * make a name display as something else); a value of only invisible characters is empty.
 */
import * as z from 'zod/mini';

const controlInLine = /[\u0000-\u001F\u007F-\u009F]/;
const controlInFreeText = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/;
export const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const invisible = /[\s\u00AD\u180E\u200B-\u200D\u2060\uFEFF]/g;
/** Most values are plain printable ASCII: already NFC, nothing to refuse, so they skip the costlier checks. */
const printableAscii = /^[\x20-\x7E]*$/;

/** The stored form of a text value: NFC, CRLF → LF in free text, trimmed. */
export function cleanText(value: string, freeText: boolean): string {
  if (printableAscii.test(value)) return value.trim();
  const normalised = value.normalize('NFC');
  return (freeText ? normalised.replace(/\r\n/g, '\n') : normalised).trim();
}

/** What is wrong with a (normalised) text value, or undefined. */
export function textProblem(value: string, freeText: boolean): string | undefined {
  if (printableAscii.test(value)) return undefined;
  if (loneSurrogate.test(value)) return 'must be valid Unicode text (it holds a lone surrogate)';
  if ((freeText ? controlInFreeText : controlInLine).test(value)) {
    return freeText
      ? 'must not contain control characters (tab and newline are allowed)'
      : 'must not contain control characters (tab and newline only in free text such as notes)';
  }
  if (bidiControls.test(value)) {
    return 'must not contain bidirectional override or isolate characters (U+202A–U+202E, U+2066–U+2069)';
  }
  if (value.length > 0 && value.replace(invisible, '') === '') return 'must contain visible characters';
  return undefined;
}

function textSchema(freeText: boolean, max: number, min: number) {
  return z.string().check(
    z.overwrite((value: string) => cleanText(value, freeText)),
    z.superRefine((value: string, context) => {
      const problem = textProblem(value, freeText);
      if (problem) context.issues.push({ code: 'custom', message: problem, input: value });
    }),
    z.minLength(min),
    z.maxLength(max),
  );
}

/** One line: names, titles, cities, references. */
export const lineText = (max: number, min = 1) => textSchema(false, max, min);

/** Several lines: notes, reasons, descriptions. */
export const freeText = (max: number, min = 0) => textSchema(true, max, min);
