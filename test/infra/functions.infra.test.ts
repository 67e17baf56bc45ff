import { beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import type { Synthesized } from './synth';
import { resourcesOf, synthesize } from './synth';

describe('Lambda functions', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesize();
  });

  const functions = () => resourcesOf(synth.template, 'AWS::Lambda::Function');
  const groupFunctionIds = () =>
    catalogues.map(({ group }) => synth.logicalId(synth.stack.groupFunctions.get(group)!.function));
  const apiFunctionIds = () => [...groupFunctionIds(), synth.logicalId(synth.stack.apiFunction.function)];

  it('has one function per catalogue group, plus the OpenAPI function, the projector, the aggregates consumer, the alerts evaluator and the report jobs', () => {
    expect(Object.keys(functions())).toHaveLength(catalogues.length + 5);
    expect(synth.stack.groupFunctions.size).toBe(catalogues.length);
    for (const id of [
      ...apiFunctionIds(),
      synth.logicalId(synth.stack.events.projector.function),
      synth.logicalId(synth.stack.aggregates.consumer.function),
      synth.logicalId(synth.stack.alerts.evaluator.function),
      synth.logicalId(synth.stack.reportJobs.jobs.function),
    ]) {
      expect(functions()[id]).toBeDefined();
    }
  });

  it('runs every function on arm64 and nodejs22.x with active tracing and its own log group', () => {
    for (const { Properties } of Object.values(functions())) {
      expect(Properties).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs22.x',
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
      });
      expect(Properties!.Environment).toMatchObject({
        Variables: { NODE_OPTIONS: '--max-old-space-size=256' },
      });
    }
    for (const { Properties } of Object.values(resourcesOf(synth.template, 'AWS::Logs::LogGroup'))) {
      expect(Properties!.RetentionInDays).toBe(30);
    }
  });

  it('times API functions out before API Gateway gives up (30 s)', () => {
    for (const id of apiFunctionIds()) {
      expect(functions()[id]!.Properties!.Timeout).toBeLessThan(30);
    }
    for (const id of groupFunctionIds()) expect(functions()[id]!.Properties!.MemorySize).toBe(1024);
  });

  it('gives group functions and the report jobs the table and the cursor key’s secret by ARN, never its value', () => {
    const secretId = synth.logicalId(synth.stack.cursorKey.secret);
    const ids = [...groupFunctionIds(), synth.logicalId(synth.stack.reportJobs.jobs.function)];
    for (const id of ids) {
      const properties = functions()[id]!.Properties!;
      const variables = (properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.TABLE_NAME).toEqual({ Ref: synth.logicalId(synth.stack.table.table) });
      expect(variables.CURSOR_SIGNING_KEY_SECRET_ARN).toEqual({ Ref: secretId });
      expect(variables).not.toHaveProperty('CURSOR_SIGNING_KEY');
      // The Parameters and Secrets extension serves the secret at run time.
      expect(properties.Layers).toHaveLength(1);
    }
    // No dynamic reference anywhere: the value is in neither the template nor any function's configuration.
    expect(JSON.stringify(synth.template.toJSON())).not.toContain('{{resolve:secretsmanager:');
  });

  it('gives the projector the bus name, its dead-letter queue and nothing of the API', () => {
    const projector = functions()[synth.logicalId(synth.stack.events.projector.function)]!.Properties!;
    const variables = (projector.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.EVENT_BUS_NAME).toEqual({ Ref: synth.logicalId(synth.stack.events.bus) });
    expect(variables.DEAD_LETTER_QUEUE_URL).toEqual({ Ref: synth.logicalId(synth.stack.events.deadLetters) });
    expect(variables).not.toHaveProperty('TABLE_NAME');
    expect(variables).not.toHaveProperty('CURSOR_SIGNING_KEY');
  });

  it('gives the aggregates consumer the table, the reporting time zone (UTC by default) and its dead-letter queue', () => {
    const consumer = functions()[synth.logicalId(synth.stack.aggregates.consumer.function)]!.Properties!;
    const variables = (consumer.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.REPORTING_TIME_ZONE).toBe('UTC');
    expect(variables.TABLE_NAME).toEqual({ Ref: synth.logicalId(synth.stack.table.table) });
    expect(variables.DEAD_LETTER_QUEUE_URL).toEqual({
      Ref: synth.logicalId(synth.stack.aggregates.deadLetters),
    });
    expect(variables).not.toHaveProperty('CURSOR_SIGNING_KEY');
  });

  it('lets API Gateway invoke each API function through one permission, not one per route', () => {
    const permissions = Object.values(resourcesOf(synth.template, 'AWS::Lambda::Permission'));
    const invoked = permissions.map(
      ({ Properties }) => (Properties!.FunctionName as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0],
    );
    expect(invoked.sort()).toEqual(apiFunctionIds().sort());
    for (const { Properties } of permissions) expect(Properties!.Principal).toBe('apigateway.amazonaws.com');
  });
});
