/** Whether a generated file is in the files bucket (the implementation: s3/head.ts). */
import { loadS3Files } from './load';

export async function fileStored(key: string): Promise<boolean> {
  const { fileStored: stored } = await loadS3Files();
  return stored(key);
}
