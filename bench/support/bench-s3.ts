/**
 * An s3rver for a handler benchmark: started in the bench's work folder, with the process's S3 client
 * pointed at it; `stop` shuts both down so the next bench starts clean.
 */
import { join } from 'node:path';
import { freePort } from '../../infra/local/free-port';
import { startS3Local } from '../../infra/local/s3-local';
import { s3, setS3 } from '../../shared/files/s3/client';

export interface BenchS3 {
  stop(): Promise<void>;
}

export async function startBenchS3(work: string, bucket: string): Promise<BenchS3> {
  const s3Local = await startS3Local({
    port: await freePort(),
    directory: join(work, 's3'),
    bucket,
    corsOrigins: [],
  });
  Object.assign(process.env, {
    S3_ENDPOINT: s3Local.endpoint,
    EXPORTS_BUCKET: bucket,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  setS3(undefined);
  return {
    async stop() {
      await s3Local.stop();
      s3().destroy();
      setS3(undefined);
    },
  };
}
