/**
 * Local S3 (s3rver, in this process) on loopback, objects on disk. Clients use path-style addressing
 * and the credentials S3RVER/S3RVER (DESIGN §6). The exports bucket is created when missing, with a
 * CORS rule so the UI can follow presigned GET URLs from the browser, as the deployed bucket allows.
 */
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

export const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

function corsConfiguration(origins: string[]): string {
  const allowed = (origins.length > 0 ? origins : ['*']).map(
    (origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`,
  );
  return `<CORSConfiguration><CORSRule>${allowed.join('')}<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export async function startS3Local(options: {
  port: number;
  directory: string;
  bucket: string;
  corsOrigins: string[];
}): Promise<S3Local> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.directory,
    silent: true,
    // The host is 127.0.0.1:<port>, never <bucket>.<host>: no virtual-host parsing.
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration(options.corsOrigins)] }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: () => server.close(),
  };
}
