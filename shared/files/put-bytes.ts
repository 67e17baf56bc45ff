/** A small generated file (a label, a manifest form: tens of KB) stored in one PutObject. */
import { loadS3Files } from './load';
import type { PutBytesInput } from './s3/put-bytes';

export type { PutBytesInput };

export async function putBytes(input: PutBytesInput): Promise<void> {
  const { putBytes: put } = await loadS3Files();
  return put(input);
}
