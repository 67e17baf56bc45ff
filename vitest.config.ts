import { defineConfig } from 'vitest/config';

// Global setups run in this process: keep the SDK's Node 20 notice out of their output too.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const env = {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  CDK_DISABLE_CLI_TELEMETRY: 'true',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  VALIDATE_RESPONSES: 'true',
};

/**
 * Integration files that measure time against a busy machine (a 10,000-SKU list within the retry
 * deadline, the stream poller's 15 s wait for the aggregates): with two workers side by side they met
 * 503s and time-outs, so they run in the serial pass with the end-to-end and slow files.
 */
const serialInt = ['test/int/inventory-alerts.int.test.ts', 'test/int/stream-poller.int.test.ts'];

export default defineConfig({
  test: {
    env,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.unit.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['test/int/**/*.int.test.ts'],
          exclude: serialInt,
          globalSetup: ['test/support/dynamo-global-setup.ts'],
          setupFiles: ['test/support/int-setup.ts'],
          // Heavy files (a 10,000-order migration, staged changes over 100 records) share the 2 cores with
          // the other worker: 30 s was met by files that take 4 s alone.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The slowest tests (many requests racing for one item; orders and a print of 500 SKUs): run
        // after the rest, one file at a time, so they measure the service rather than a machine busy with
        // every other test file.
        extends: true,
        test: {
          name: 'slow',
          include: ['test/slow/**/*.slow.test.ts'],
          globalSetup: ['test/support/dynamo-global-setup.ts'],
          setupFiles: ['test/support/int-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/support/e2e-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'int-serial',
          include: serialInt,
          globalSetup: ['test/support/dynamo-global-setup.ts'],
          setupFiles: ['test/support/int-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.infra.test.ts'],
          testTimeout: 120_000,
          // A stack synthesised in beforeAll (cdk-nag's) took over vitest's 10 s default beside pass 1's
          // lint and typecheck on 2 cores.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
