import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { db, setDb } from '../../shared/db/client';
import { s3, setS3 } from '../../shared/files/s3/client';

describe("the service's AWS clients", () => {
  afterEach(() => {
    setDb(undefined);
    setS3(undefined);
  });

  it('leave out the SDK logger step, which filters every input and output for a no-op logger', () => {
    process.env.AWS_REGION ??= 'local';
    const steps = (client: { middlewareStack: { identify(): string[] } }) =>
      client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);
    expect(steps(db())).not.toContain('loggerMiddleware');
    expect(steps(s3())).not.toContain('loggerMiddleware');
    // A client as the SDK builds it has the step under that name: the checks above name it right.
    expect(steps(new DynamoDBClient({ region: 'local' }))).toContain('loggerMiddleware');
  });
});
