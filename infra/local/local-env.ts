/**
 * The environment the deployed stack gives each function, pointed at the local services. The
 * handlers run in this process, so they read it from process.env.
 */
import { setDb } from '../../shared/db/client';
import { corsOrigins } from '../cors';
import { cursorSigningKey, localExportsBucket, localTableName } from './data-dir';
import { s3rverCredentials } from './s3-local';

/** A UI dev server on Vite's default port; set CORS_ORIGINS to use others. */
export const defaultLocalCorsOrigins = 'http://localhost:5173,http://127.0.0.1:5173';

/** The UI origins the gateway and the bucket allow: CORS_ORIGINS, defaulted for local use. */
export function localCorsOrigins(): string[] {
  process.env.CORS_ORIGINS ??= defaultLocalCorsOrigins;
  return corsOrigins();
}

export function applyLocalEnvironment(options: {
  dataDir: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  quiet?: boolean;
}): void {
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: options.dynamoEndpoint,
    TABLE_NAME: localTableName,
    AWS_REGION: 'local',
    S3_ENDPOINT: options.s3Endpoint,
    EXPORTS_BUCKET: localExportsBucket,
    // Only S3 clients use the default credential chain (the DynamoDB client names its own).
    AWS_ACCESS_KEY_ID: s3rverCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3rverCredentials.secretAccessKey,
    CURSOR_SIGNING_KEY: cursorSigningKey(options.dataDir),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  localCorsOrigins();
  // The gateway prints one line per request; the functions' own logs only from warnings up unless asked.
  process.env.LOG_LEVEL ??= options.quiet ? 'silent' : 'warn';
  // A client cached by an earlier runtime in this process would still point at its DynamoDB.
  setDb(undefined);
}
