/**
 * `Content-Disposition: attachment` for a generated file (RFC 6266), with the name twice: `filename`, an
 * ASCII fallback for old clients, and `filename*`, the exact UTF-8 name percent-encoded (RFC 8187, which
 * replaced RFC 5987), so "Łódź stock.xlsx" downloads under its own name. The header stays pure ASCII,
 * as S3 metadata and HTTP headers need.
 */

/** Characters no file name keeps: controls, path separators, quotes, and what Windows refuses. */
const unsafeInName = /[\u0000-\u001f\u007f-\u009f"*/:<>?\\|]/g;

/** The name as a download should carry it: NFC, no separators or controls, never empty. */
export function safeFileName(fileName: string): string {
  const cleaned = fileName.normalize('NFC').replace(unsafeInName, '_').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) throw new RangeError('a file name is required');
  return cleaned;
}

/** RFC 8187 attr-char: letters, digits and !#$&+-.^_`|~ travel as they are; everything else is %XX. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The ASCII fallback: non-ASCII characters become `_` (a quoted-string needs no escapes after that). */
function asciiFallback(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\u0020-\u007e]/g, '_');
}

export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
