/**
 * The CDK app. Context (cdk.json or `-c key=value`):
 *   stage            deployment name, default `dev`
 *   uiOrigins        comma-separated UI origins allowed by CORS, default none (no CORS)
 *   userPoolId       an existing Cognito user pool (with groups viewer, operator, manager) instead of a new one
 *   userPoolClientId its app client; without it the stack adds one to that pool
 *   throttleBurst    stage burst limit, default 200
 *   throttleRate     stage steady rate per second, default 100
 *   logLevel         functions' LOG_LEVEL, default info
 *   shipEngineSecretArn   a Secrets Manager secret holding a ShipEngine API key: enables the ShipEngine carrier
 *   shipEngineCarrierIds  with it, the merchant's ShipEngine carriers (ups=se-123,stamps_com=se-456)
 *   alarmEmail       an address subscribed to the alarms' SNS topic (it confirms once by email)
 */
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CommerceStack } from '../stack';

const app = new App();
const context = (key: string): unknown => app.node.tryGetContext(key);

function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : String(value ?? '').split(',');
  return items.map((item) => String(item).trim()).filter(Boolean);
}

function positiveNumber(key: string, fallback: number): number {
  const value = context(key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Context ${key} must be a positive number.`);
  return parsed;
}

const stage = String(context('stage') ?? 'dev');
const alarmEmail = context('alarmEmail') === undefined ? undefined : String(context('alarmEmail')).trim();
if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
  throw new Error(`Context alarmEmail must be an email address: ${alarmEmail}`);
}
const userPoolId = context('userPoolId');
const userPoolClientId = context('userPoolClientId');

const stack = new CommerceStack(app, `CommerceBackoffice-${stage}`, {
  description: `Back-office commerce API (${stage})`,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  stage,
  uiOrigins: list(context('uiOrigins')),
  existingUserPool: userPoolId
    ? {
        userPoolId: String(userPoolId),
        userPoolClientId: userPoolClientId ? String(userPoolClientId) : undefined,
      }
    : undefined,
  throttle: {
    burstLimit: positiveNumber('throttleBurst', 200),
    rateLimit: positiveNumber('throttleRate', 100),
  },
  logLevel: context('logLevel') === undefined ? undefined : String(context('logLevel')),
  reportingTimeZone:
    context('reportingTimeZone') === undefined ? undefined : String(context('reportingTimeZone')),
  inventoryCurrency:
    context('inventoryCurrency') === undefined ? undefined : String(context('inventoryCurrency')),
  alarmEmail,
  shipEngine: context('shipEngineSecretArn')
    ? {
        secretArn: String(context('shipEngineSecretArn')),
        carrierIds: String(context('shipEngineCarrierIds') ?? ''),
      }
    : undefined,
});
Tags.of(stack).add('service', 'commerce-backoffice');
Tags.of(stack).add('stage', stage);

// cdk-nag 3 is a policy validation plugin: findings are reported at synth and fail it.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
