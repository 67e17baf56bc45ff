/**
 * Object keys for generated files. A key is built only from what the service made itself (a kind from
 * its own code, a ULID, a fixed extension, the UTC date), never from client text: no `../`, no
 * unbounded length, no personal data in access logs. The file name a user sees travels separately, in
 * Content-Disposition (content-disposition.ts).
 */

/** Expired by the bucket's lifecycle rule (infra/constructs/exports-bucket.ts, `exportsPrefix`). */
export const exportsPrefix = 'exports/';
/** Exports are regenerated on demand; a week covers any download link we hand out (and the export records live as long). */
export const exportsExpiryDays = 7;

export const fileExtensions = ['xlsx', 'pdf', 'csv', 'json'] as const;
export type FileExtension = (typeof fileExtensions)[number];

const kindPattern = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const ulidPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export interface ExportKeyInput {
  /** What was exported, in kebab case: `shipments`, `low-stock`, `sales-detailed`. */
  kind: string;
  /** The export's ULID. */
  id: string;
  extension: FileExtension;
  /** The UTC day the key is filed under; now by default. */
  at?: Date;
}

/** `exports/<kind>/<yyyy>/<mm>/<dd>/<id>.<ext>` */
export function exportKey({ kind, id, extension, at = new Date() }: ExportKeyInput): string {
  if (!kindPattern.test(kind) || kind.length > 64) {
    throw new RangeError(`export kind must be kebab-case a-z0-9: ${JSON.stringify(kind)}`);
  }
  if (!ulidPattern.test(id)) throw new RangeError(`export id must be a ULID: ${JSON.stringify(id)}`);
  if (!(fileExtensions as readonly string[]).includes(extension)) {
    throw new RangeError(`unknown file extension: ${JSON.stringify(extension)}`);
  }
  if (Number.isNaN(at.getTime())) throw new RangeError('export date is invalid');
  const [day] = at.toISOString().split('T');
  const [yyyy, mm, dd] = day!.split('-');
  return `${exportsPrefix}${kind}/${yyyy}/${mm}/${dd}/${id}.${extension}`;
}

/** Documents kept as long as their records (labels are reprinted, manifests read back): no expiry rule. */
export const documentPrefixes = { label: 'labels/', manifest: 'manifests/' } as const;
export type DocumentKind = keyof typeof documentPrefixes;

/** `labels/<yyyy>/<mm>/<dd>/<id>.pdf`, `manifests/…`: filed under the day the document is for. */
export function documentKey(kind: DocumentKind, id: string, day: string): string {
  if (!ulidPattern.test(id)) throw new RangeError(`document id must be a ULID: ${JSON.stringify(id)}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`document day must be YYYY-MM-DD: ${day}`);
  return `${documentPrefixes[kind]}${day.replaceAll('-', '/')}/${id}.pdf`;
}

/** Scheduled report jobs' files: kept as the schedule's history (the bucket expires them after a year). */
export const scheduledPrefix = 'scheduled/';

/** `scheduled/<name>/<day>.<ext>`: the schedule's name (kebab case, from the repository's config) and its run's reporting day. */
export function scheduledKey(name: string, day: string, extension: FileExtension): string {
  if (!kindPattern.test(name) || name.length > 64) {
    throw new RangeError(`schedule name must be kebab-case a-z0-9: ${JSON.stringify(name)}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`schedule day must be YYYY-MM-DD: ${day}`);
  if (!(fileExtensions as readonly string[]).includes(extension)) {
    throw new RangeError(`unknown file extension: ${JSON.stringify(extension)}`);
  }
  return `${scheduledPrefix}${name}/${day}.${extension}`;
}
