/**
 * What touches S3, bundled apart from the functions that use it (files-s3.mjs, see shared/side-bundle.ts):
 * the S3 client, its presigner and lib-storage are about 150 KB a function would otherwise parse at every
 * cold start, file or not. Code that ships reaches these through shared/files/{put-bytes,put-stream,
 * presigned-url,file-stored}.ts; tests and benchmarks may import them directly.
 */
export { filesBucket, s3, setS3 } from './client';
export { fileStored } from './head';
export { putBytes } from './put-bytes';
export { presignedGetUrl } from './presigned-url';
export { putStream } from './put-stream';
