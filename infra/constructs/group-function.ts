/**
 * One Lambda function with the runtime defaults every function shares (arm64, Node 22, ESM bundle with
 * source maps, X-Ray, its own log group) and a role that starts empty: each caller grants only what the
 * function needs through the methods below.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CfnElement } from 'aws-cdk-lib';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsVersions,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { Construct } from 'constructs';
import { esbuildOptions, pdfFontCommands, referenceScriptCommands, sideBundleCommands } from '../bundling';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** API Gateway gives up on an integration after 30 s; the function must answer (even a 500) before that. */
export const apiFunctionTimeout = Duration.seconds(25);

/**
 * Node's options in every function (the benchmarks run bundles with the same). The old-space bound keeps
 * the heap near what an operation holds: without it Lambda sizes V8's heap from the function's memory and
 * V8 collects late, so the 100k-row shipments export peaked at 327-342 MB for a live set under 140 MB;
 * bound at 256 MB it peaks at 184-201 MB (npm run bench -- shipments). Lambda keeps an old-space size
 * given in NODE_OPTIONS. No --enable-source-maps: Node reads and parses the bundle's map at every cold
 * start, 8-25 ms of CPU per function load (the DynamoDB-clients baseline 70 → 78 ms, reports 95 → 108;
 * npm run bench -- bundles), for stacks read only when something failed. The maps still ship beside each
 * bundle and `npm run symbolicate` maps a logged stack to the sources (infra/local/symbolicate.ts).
 */
export const functionNodeOptions = '--max-old-space-size=256';

/** How cdk-nag names a wildcard under a resource's ARN in its IAM5 findings. */
function wildcardFinding(resource: IConstruct, suffix: string): string {
  const logicalId = Stack.of(resource).getLogicalId(resource.node.defaultChild as CfnElement);
  return `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>${suffix}]`;
}

/** A function's table grants: the read actions, and each write action with the partition-key patterns it may name. */
export interface TableGrant {
  reads: readonly string[];
  writes: ReadonlyArray<readonly [action: string, keyPatterns: readonly string[]]>;
}

export interface GroupFunctionProps {
  /** Handler file relative to the repository root; it exports `handler`. */
  entry: string;
  description: string;
  /** SERVICE_NAME in every log line. */
  serviceName: string;
  logLevel: string;
  memorySize?: number;
  timeout?: Duration;
  /** Concurrency reserved for the function, and its ceiling. */
  reservedConcurrency?: number;
  environment?: Record<string, string>;
  /**
   * Secrets the function reads (by ARN): served by the AWS Parameters and Secrets extension on
   * localhost and cached by it, so no Secrets Manager client ships in the bundle.
   */
  secretArns?: readonly string[];
}

export class GroupFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly timeout: Duration;

  constructor(scope: Construct, id: string, props: GroupFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });
    // No managed policy: the only log permission is writing to this function's own log group.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);
    this.timeout = props.timeout ?? apiFunctionTimeout;

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(repositoryRoot, props.entry),
      handler: 'handler',
      projectRoot: repositoryRoot,
      depsLockFilePath: path.join(repositoryRoot, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: this.timeout,
      ...(props.reservedConcurrency === undefined
        ? {}
        : { reservedConcurrentExecutions: props.reservedConcurrency }),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup,
      environment: {
        NODE_OPTIONS: functionNodeOptions,
        SERVICE_NAME: props.serviceName,
        LOG_LEVEL: props.logLevel,
        ...props.environment,
      },
      ...(props.secretArns?.length
        ? { paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103) }
        : {}),
      bundling: {
        // The same settings as infra/bundling.ts, which the bundle benchmark measures.
        format: OutputFormat.ESM,
        target: esbuildOptions.target,
        minify: esbuildOptions.minify,
        sourceMap: esbuildOptions.sourcemap,
        sourcesContent: esbuildOptions.sourcesContent,
        mainFields: esbuildOptions.mainFields,
        banner: esbuildOptions.banner.js,
        esbuildArgs: { '--legal-comments': esbuildOptions.legalComments },
        // Ship the SDK version we test against instead of whatever the runtime carries.
        bundleAwsSDK: true,
        // The side bundles, and the PDF fonts beside render-pdf.mjs, for the functions that load them
        // (infra/bundling.ts).
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir, outputDir) => [
            ...sideBundleCommands(inputDir, outputDir),
            ...pdfFontCommands(inputDir, outputDir),
            ...referenceScriptCommands(inputDir, outputDir),
          ],
        },
      },
    });

    for (const [index, arn] of (props.secretArns ?? []).entries()) {
      Secret.fromSecretCompleteArn(this, `Secret${index}`, arn).grantRead(this.role);
    }

    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray PutTraceSegments and PutTelemetryRecords (active tracing) support no resource-level scoping.',
    });
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is pinned on purpose: the bundles target node22 and the code is tested on Node 20 and 22.',
    });
  }

  /**
   * Item-level access to the table and its indexes; sets TABLE_NAME. Reads by action alone; each write
   * action only on the partition keys it may name (`dynamodb:LeadingKeys`). Narrower than grantReadData
   * and grantWriteData: no Scan, no stream reads, no DescribeTable, no write the declaration lacks.
   */
  grantTable(table: ITable, access: TableGrant): void {
    const dynamodb = (actions: readonly string[]) => actions.map((action) => `dynamodb:${action}`);
    if (access.reads.length > 0) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: dynamodb(access.reads),
          resources: [table.tableArn, `${table.tableArn}/index/*`],
        }),
      );
      Validations.of(this.role).acknowledge({
        id: wildcardFinding(table, '/index/*'),
        reason: 'Queries on the GSIs of this one table; the wildcard covers only its indexes.',
      });
    }
    for (const [action, keyPatterns] of access.writes) {
      if (keyPatterns.length === 0) continue;
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: dynamodb([action]),
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keyPatterns] } },
        }),
      );
    }
    this.function.addEnvironment('TABLE_NAME', table.tableName);
  }

  /** Put and get of objects under the given prefixes only (no list, no delete); sets EXPORTS_BUCKET. */
  grantFiles(bucket: Bucket, prefixes: readonly string[]): void {
    if (prefixes.length === 0) return;
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'],
        resources: prefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    this.function.addEnvironment('EXPORTS_BUCKET', bucket.bucketName);
    for (const prefix of prefixes) {
      Validations.of(this.role).acknowledge({
        id: wildcardFinding(bucket, `/${prefix}*`),
        reason: `The function writes and reads generated files it names itself, all under ${prefix}.`,
      });
    }
  }
}
