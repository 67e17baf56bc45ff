/** The S3 side of shared/files, loaded at the first file operation (files-s3.mjs; see shared/side-bundle.ts). */
import { loadSideBundle } from '../side-bundle';
import type * as S3Files from './s3';

export const loadS3Files = () =>
  loadSideBundle<typeof S3Files>('files-s3.mjs', new URL('./s3/index.ts', import.meta.url).href);
