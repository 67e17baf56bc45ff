/**
 * A channel's taxonomy file as text: UTF-8 only, with no control characters, each refusal naming its
 * line. Refused lines are shown escaped (JSON-style, a byte that is not UTF-8 as `\xE9`), so a bad file
 * never sends raw bytes or control characters to the terminal that prints the report.
 */

export interface LineProblem {
  line: number;
  message: string;
}

/** Control characters (C0, DEL, C1) and the bidirectional overrides and isolates the API refuses too. */
const unsafe = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;
const unsafeGlobal = new RegExp(unsafe.source, 'g');
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const loneSurrogateGlobal = new RegExp(loneSurrogate.source, 'g');

const hex = (value: number, width: number) => value.toString(16).toUpperCase().padStart(width, '0');

const namedEscapes: Record<string, string> = {
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '"': '\\"',
  '\\': '\\\\',
};

/** Text quoted and escaped as JSON would, with every unsafe character (and lone surrogate) as \uXXXX. */
export function escapedText(text: string): string {
  const body = text
    .replace(/["\\]/g, (char) => namedEscapes[char]!)
    .replace(unsafeGlobal, (char) => namedEscapes[char] ?? `\\u${hex(char.charCodeAt(0), 4)}`)
    .replace(loneSurrogateGlobal, (char) => `\\u${hex(char.charCodeAt(0), 4)}`);
  return `"${body}"`;
}

/** Text as it may reach a terminal: unchanged when nothing in it is unsafe, else escaped. */
export const terminalSafe = (text: string) =>
  unsafe.test(text) || loneSurrogate.test(text) ? escapedText(text) : text;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The length of the UTF-8 sequence a lead byte opens (1 for a byte that opens none: shown alone). */
const sequenceLength = (byte: number) => (byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1);

/** A line's bytes shown as escaped text: what decodes as UTF-8 as text, each other byte as \xHH. */
export function escapedBytes(bytes: Uint8Array): string {
  let out = '';
  let index = 0;
  while (index < bytes.length) {
    const length = sequenceLength(bytes[index]!);
    let decoded: string | undefined;
    try {
      decoded = strictUtf8.decode(bytes.subarray(index, index + length));
    } catch {
      decoded = undefined;
    }
    if (decoded === undefined || index + length > bytes.length) {
      out += `\\x${hex(bytes[index]!, 2)}`;
      index += 1;
      continue;
    }
    out += escapedText(decoded).slice(1, -1);
    index += length;
  }
  return `"${out}"`;
}

const maxShown = 120;

/** A line shown in a problem: escaped, and cut to its first characters. */
export const shownLine = (line: string) =>
  escapedText(line.length > maxShown ? `${line.slice(0, maxShown)}…` : line);

/**
 * The file's text, or every line that is not UTF-8. A byte order mark of UTF-16 names the encoding the
 * file is in; a UTF-8 one is dropped.
 */
export function decodeTaxonomyText(bytes: Uint8Array): { text: string } | { problems: LineProblem[] } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      problems: [
        { line: 1, message: 'the file is UTF-16 (it opens with its byte order mark); save it as UTF-8' },
      ],
    };
  }
  try {
    return { text: strictUtf8.decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    // Not UTF-8 somewhere: find the lines.
  }
  const problems: LineProblem[] = [];
  let start = 0;
  let line = 1;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const lineBytes = bytes.subarray(start, end);
    try {
      strictUtf8.decode(lineBytes);
    } catch {
      const shown = lineBytes.length > maxShown ? lineBytes.subarray(0, maxShown) : lineBytes;
      problems.push({
        line,
        message: `is not UTF-8 (the file must be UTF-8; a byte that is not is shown as \\xHH): ${escapedBytes(shown)}`,
      });
    }
    start = end + 1;
    line += 1;
  }
  return { problems };
}

/** What is unsafe in a line (a control character, a bidirectional override), or undefined. */
export function unsafeCharacterProblem(line: string): string | undefined {
  const match = unsafe.exec(line) ?? loneSurrogate.exec(line);
  if (!match) return undefined;
  const code = `U+${hex(match[0].charCodeAt(0), 4)}`;
  const what = /[\u202A-\u202E\u2066-\u2069]/.test(match[0])
    ? 'a bidirectional override or isolate'
    : loneSurrogate.test(match[0])
      ? 'a lone surrogate'
      : 'a control character';
  return `holds ${what} (${code}) at column ${match.index + 1}: ${shownLine(line)}`;
}
