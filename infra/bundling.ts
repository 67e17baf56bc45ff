/**
 * How every function is bundled, in one place: the CDK NodejsFunction construct and the bundle
 * benchmark both use these settings, so the bench measures what ships.
 */
export const lambdaNodeTarget = 'node22';

/** ESM bundles need `require` for the CommonJS parts of the AWS SDK. */
export const esmRequireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export const esbuildOptions = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: lambdaNodeTarget,
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'],
  banner: { js: esmRequireBanner },
  legalComments: 'none' as const,
};
