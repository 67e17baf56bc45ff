/**
 * shared/db/document-client.ts against DynamoDB Local and lib-dynamodb's own document client: every data
 * command answers the same, every refusal is the same SDK exception, a middleware in the stack still sees
 * every command, and the signature is one AWS would accept (checked by an independent SigV4 computation).
 */
import { DynamoDBClient, DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  NumberValue,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { tableName } from '../../shared/db/client';
import { DocumentClient } from '../../shared/db/document-client';
import { recordingServer } from '../support/recording-server';
import { verifiesSigV4 } from '../support/sigv4-check';

const table = tableName();
const endpoint = process.env.DYNAMODB_ENDPOINT!;
const sdk = DynamoDBDocumentClient.from(localDynamoClient(endpoint), {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
// A client of its own: the int setup's access recorder sits in db()'s stack, and this file tests the
// direct way as well as the way through the stack.
const ours = DocumentClient.from(localDynamoClient(endpoint), {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
afterAll(() => sdk.destroy());

const run = `DOCCLIENT#${Date.now()}`;
/** The options the service's client is built with (shared/db/client.ts): the ones the direct way takes. */
const serviceOptions = { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } };
const item = (sk: string, extra: Record<string, unknown> = {}) => ({
  PK: run,
  SK: sk,
  text: 'Łucja Żółć · דוד כהן · 数字',
  empty: '',
  count: 3,
  price: 12.5,
  big: 12345678901234,
  flag: false,
  nothing: null,
  skipped: undefined,
  tags: new Set(['a', 'b']),
  numbers: new Set([1, 2]),
  bytes: new Uint8Array([0, 1, 254, 255]),
  list: [1, 'two', { three: [3] }, undefined, null],
  map: { toString: 'data', __proto__x: 'data too', nested: { deeper: ['x'] } },
  ...extra,
});

/** What to compare of an answer: its metadata has per-request ids. */
function answer(output: Record<string, unknown>): Record<string, unknown> & { status?: number } {
  const { $metadata, ...rest } = output as { $metadata: { httpStatusCode?: number } };
  return { status: $metadata.httpStatusCode, ...rest };
}

async function both(command: () => object) {
  const theirs = answer((await sdk.send(command() as never)) as Record<string, unknown>);
  const mine = answer((await ours.send(command() as never)) as Record<string, unknown>);
  return { theirs, mine };
}

async function refusalOf(client: DynamoDBDocumentClient, command: object) {
  try {
    await client.send(command as never);
  } catch (error) {
    return error as DynamoDBServiceException & Record<string, unknown>;
  }
  throw new Error('expected a refusal');
}

function refusal(error: DynamoDBServiceException & Record<string, unknown>) {
  const { $metadata, $response, stack, ...members } = error;
  void $response;
  void stack;
  return {
    class: error.constructor.name,
    name: error.name,
    message: error.message,
    fault: error.$fault,
    status: $metadata.httpStatusCode,
    ...Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined)),
  };
}

describe('the document client over the direct transport', () => {
  it('answers every data command as lib-dynamodb’s client does', async () => {
    for (const sk of ['A', 'B', 'C']) await sdk.send(new PutCommand({ TableName: table, Item: item(sk) }));

    const put = await both(
      () => new PutCommand({ TableName: table, Item: item('A'), ReturnValues: 'ALL_OLD' }),
    );
    expect(put.mine).toEqual(put.theirs);
    expect(put.mine.Attributes).toMatchObject({
      bytes: new Uint8Array([0, 1, 254, 255]),
      tags: new Set(['a', 'b']),
    });

    const get = await both(() => new GetCommand({ TableName: table, Key: { PK: run, SK: 'A' } }));
    expect(get.mine).toEqual(get.theirs);
    expect(get.mine.Item).toMatchObject({
      map: { toString: 'data' },
      list: [1, 'two', { three: [3] }, null],
    });
    expect(
      await ours.send(new GetCommand({ TableName: table, Key: { PK: run, SK: 'none' } })),
    ).not.toHaveProperty('Item');

    const page = await both(
      () =>
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk AND SK > :after',
          ExpressionAttributeValues: { ':pk': run, ':after': 'A' },
          Limit: 1,
        }),
    );
    expect(page.mine).toEqual(page.theirs);
    const next = await both(
      () =>
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': run },
          ExclusiveStartKey: page.mine.LastEvaluatedKey as Record<string, unknown>,
          ProjectionExpression: 'SK, #count',
          ExpressionAttributeNames: { '#count': 'count' },
        }),
    );
    expect(next.mine).toEqual(next.theirs);

    const scan = await both(
      () =>
        new ScanCommand({
          TableName: table,
          FilterExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': run },
        }),
    );
    expect(scan.mine).toEqual(scan.theirs);

    const update = await both(
      () =>
        new UpdateCommand({
          TableName: table,
          Key: { PK: run, SK: 'B' },
          UpdateExpression: 'SET #count = #count + :one, added = :added',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':added': { list: [true], set: new Set(['x']) } },
          ReturnValues: 'UPDATED_NEW',
        }),
    );
    expect(update.mine).toMatchObject({ Attributes: { count: 5 } });
    expect(update.theirs).toMatchObject({ Attributes: { count: 4 } });

    const batchGet = await both(
      () =>
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: [
                { PK: run, SK: 'A' },
                { PK: run, SK: 'C' },
              ],
            },
          },
        }),
    );
    expect(batchGet.mine).toEqual(batchGet.theirs);

    const transactGet = await both(
      () =>
        new TransactGetCommand({ TransactItems: [{ Get: { TableName: table, Key: { PK: run, SK: 'C' } } }] }),
    );
    expect(transactGet.mine).toEqual(transactGet.theirs);

    const batchWrite = await ours.send(
      new BatchWriteCommand({
        RequestItems: {
          [table]: [{ PutRequest: { Item: item('D') } }, { DeleteRequest: { Key: { PK: run, SK: 'C' } } }],
        },
      }),
    );
    expect(batchWrite.UnprocessedItems).toEqual({});
    const transactWrite = await ours.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table, Item: item('E'), ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Update: {
              TableName: table,
              Key: { PK: run, SK: 'D' },
              UpdateExpression: 'REMOVE #map',
              ExpressionAttributeNames: { '#map': 'map' },
            },
          },
          {
            ConditionCheck: {
              TableName: table,
              Key: { PK: run, SK: 'A' },
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          { Delete: { TableName: table, Key: { PK: run, SK: 'B' } } },
        ],
      }),
    );
    expect(transactWrite.$metadata.httpStatusCode).toBe(200);
    const written = await sdk.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': run },
      }),
    );
    expect(written.Items?.map((row) => row.SK)).toEqual(['A', 'D', 'E']);
    expect(written.Items?.[1]).not.toHaveProperty('map');
    expect(written.Items?.[2]).toMatchObject({ SK: 'E', count: 3, bytes: new Uint8Array([0, 1, 254, 255]) });

    const before = await sdk.send(new GetCommand({ TableName: table, Key: { PK: run, SK: 'A' } }));
    const removed = await ours.send(
      new DeleteCommand({ TableName: table, Key: { PK: run, SK: 'A' }, ReturnValues: 'ALL_OLD' }),
    );
    expect(removed.Attributes).toEqual(before.Item);
  });

  it('refuses as lib-dynamodb’s client does, with the same exception and what it carries', async () => {
    await sdk.send(new PutCommand({ TableName: table, Item: item('R') }));
    const conditional = () =>
      new UpdateCommand({
        TableName: table,
        Key: { PK: run, SK: 'R' },
        UpdateExpression: 'SET #count = :n',
        ConditionExpression: '#count = :other',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':n': 1, ':other': 99 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      });
    const theirs = await refusalOf(sdk, conditional());
    const mine = await refusalOf(ours, conditional());
    expect(mine).toBeInstanceOf(theirs.constructor);
    expect(refusal(mine)).toEqual(refusal(theirs));
    expect(mine.name).toBe('ConditionalCheckFailedException');

    const cancelled = () =>
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: table,
              Key: { PK: run, SK: 'R' },
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Put: {
              TableName: table,
              Item: item('R'),
              ConditionExpression: 'attribute_not_exists(PK)',
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
        ],
      });
    const theirsCancelled = await refusalOf(sdk, cancelled());
    const mineCancelled = await refusalOf(ours, cancelled());
    expect(refusal(mineCancelled)).toEqual(refusal(theirsCancelled));
    expect(
      (mineCancelled.CancellationReasons as Array<{ Code: string }>).map((reason) => reason.Code),
    ).toEqual(['None', 'ConditionalCheckFailed']);

    const invalid = () => new GetCommand({ TableName: table, Key: { PK: run } });
    const theirsInvalid = await refusalOf(sdk, invalid());
    const mineInvalid = await refusalOf(ours, invalid());
    expect(mineInvalid).toBeInstanceOf(DynamoDBServiceException);
    expect({
      name: mineInvalid.name,
      status: mineInvalid.$metadata.httpStatusCode,
      fault: mineInvalid.$fault,
    }).toEqual({
      name: theirsInvalid.name,
      status: theirsInvalid.$metadata.httpStatusCode,
      fault: theirsInvalid.$fault,
    });
  });

  it('sends through the middleware stack while something is in it, and directly again once it is gone', async () => {
    const seen: string[] = [];
    const heard: string[] = [];
    const stop = ours.onCommand((name) => heard.push(name));
    ours.middlewareStack.add(
      (next, context) => async (args) => {
        seen.push(`${String(context.commandName)} ${JSON.stringify((args.input as { Key?: unknown }).Key)}`);
        return next(args);
      },
      { step: 'initialize', name: 'documentClientWatch' },
    );
    try {
      const got = await ours.send(new GetCommand({ TableName: table, Key: { PK: run, SK: 'R' } }));
      expect(got.Item).toMatchObject({ SK: 'R', tags: new Set(['a', 'b']) });
    } finally {
      ours.middlewareStack.remove('documentClientWatch');
    }
    await ours.send(new GetCommand({ TableName: table, Key: { PK: run, SK: 'R' } }));
    stop();
    expect(seen).toEqual([`GetItemCommand {"PK":"${run}","SK":"R"}`]);
    expect(heard).toEqual(['GetItemCommand', 'GetItemCommand']);
  });
});

describe('middleware in the stack', () => {
  const watchedClient = () =>
    DocumentClient.from(localDynamoClient(endpoint), {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  const get = () => new GetCommand({ TableName: table, Key: { PK: run, SK: 'R' } });

  it('sees every command however it joined: after a removal, at low priority, or at a later step', async () => {
    const client = watchedClient();
    const seen: string[] = [];
    client.middlewareStack.remove('recursionDetectionMiddleware');
    client.middlewareStack.add(
      (next) => async (args) => {
        seen.push('initialize, low');
        return next(args);
      },
      { step: 'initialize', priority: 'low', name: 'lowWatch' },
    );
    expect((await client.send(get())).Item).toMatchObject({ SK: 'R' });
    client.middlewareStack.add(
      (next) => async (args) => {
        seen.push(
          `build ${String((args.request as { headers: Record<string, string> }).headers['x-amz-target'])}`,
        );
        return next(args);
      },
      { step: 'build', name: 'buildWatch' },
    );
    expect((await client.send(get())).Item).toMatchObject({ SK: 'R' });
    expect(seen).toEqual(['initialize, low', 'initialize, low', 'build DynamoDB_20120810.GetItem']);
  });

  it('sends the SDK’s whole way for a client built with options the direct way does not take', async () => {
    const client = DocumentClient.from(localDynamoClient(endpoint), {
      marshallOptions: { removeUndefinedValues: true },
      unmarshallOptions: { wrapNumbers: true },
    });
    const { Item } = await client.send(get());
    expect(Item?.count).toBeInstanceOf(NumberValue);
  });

  it('lets two document clients share one SDK client', async () => {
    const raw = localDynamoClient(endpoint);
    const options = { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } };
    const first = DocumentClient.from(raw, options);
    const second = DocumentClient.from(raw, options);
    expect((await first.send(get())).Item).toMatchObject({ SK: 'R' });
    expect((await second.send(get())).Item).toMatchObject({ SK: 'R' });
  });
});

describe('the direct transport against a stand-in DynamoDB', () => {
  const clientFor = (url: string, maxAttempts = 3) =>
    DocumentClient.from(
      new DynamoDBClient({
        endpoint: url,
        region: 'eu-west-1',
        maxAttempts,
        credentials: {
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
          sessionToken: 'session',
        },
      }),
      serviceOptions,
    );

  it('signs as AWS requires: the same signed headers and scope as the SDK, and a signature that verifies', async () => {
    const server = await recordingServer(() => ({ status: 200, body: '{"Item":{"PK":{"S":"p"}}}' }));
    try {
      const sdkClient = DynamoDBDocumentClient.from(
        new DynamoDBClient({
          endpoint: server.url,
          region: 'eu-west-1',
          credentials: {
            accessKeyId: 'AKIDEXAMPLE',
            secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
            sessionToken: 'session',
          },
        }),
      );
      const command = () => new GetCommand({ TableName: 'orders', Key: { PK: 'p', SK: 's' } });
      await sdkClient.send(command());
      expect(await clientFor(server.url).send(command())).toMatchObject({ Item: { PK: 'p' } });
      const [sdkRequest, ourRequest] = server.requests;
      const secret = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
      expect(verifiesSigV4(sdkRequest!, secret)).toBe(true);
      expect(verifiesSigV4(ourRequest!, secret)).toBe(true);
      const scope = (request: typeof ourRequest) =>
        /Credential=([^,]+), SignedHeaders=([^,]+),/.exec(request!.headers.authorization ?? '')!.slice(1);
      const [sdkCredential, sdkSigned] = scope(sdkRequest);
      const [ourCredential, ourSigned] = scope(ourRequest);
      expect(ourCredential).toBe(sdkCredential);
      // The SDK also signs its user agent, invocation id and attempt counter; the rest is signed alike.
      const sdkOwn = (name: string) => name.startsWith('amz-sdk-') || name === 'x-amz-user-agent';
      expect(ourSigned!.split(';')).toEqual(sdkSigned!.split(';').filter((name) => !sdkOwn(name)));
      expect(ourRequest!.headers['x-amz-security-token']).toBe('session');
      expect(ourRequest!.headers['x-amz-target']).toBe(sdkRequest!.headers['x-amz-target']);
      expect(ourRequest!.headers['content-type']).toBe(sdkRequest!.headers['content-type']);
      expect(JSON.parse(ourRequest!.body)).toEqual(JSON.parse(sdkRequest!.body));
      // A tampered body no longer verifies: the check is not a tautology.
      expect(verifiesSigV4({ ...ourRequest!, body: ourRequest!.body.replace('"s"', '"t"') }, secret)).toBe(
        false,
      );
    } finally {
      await server.close();
    }
  });

  it('tries throttling again with the SDK’s strategy, and gives up with what the last answer said', async () => {
    let answers = 0;
    const throttled = {
      status: 400,
      body: '{"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"slow down"}',
    };
    const server = await recordingServer(() => (++answers < 3 ? throttled : { status: 200, body: '{}' }));
    try {
      const output = await clientFor(server.url).send(
        new PutCommand({ TableName: 'orders', Item: { PK: 'p', SK: 's' } }),
      );
      expect(output.$metadata).toMatchObject({ httpStatusCode: 200, attempts: 3 });
      answers = -10;
      const error = await refusalOf(
        clientFor(server.url),
        new PutCommand({ TableName: 'orders', Item: { PK: 'p', SK: 's' } }),
      );
      expect(error.name).toBe('ProvisionedThroughputExceededException');
      expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 3 });
    } finally {
      await server.close();
    }
  });

  it('answers a server’s page that is not JSON as a server error under its status, tried again first', async () => {
    const server = await recordingServer(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
    try {
      const error = await refusalOf(
        clientFor(server.url, 2),
        new GetCommand({ TableName: 'orders', Key: { PK: 'p', SK: 's' } }),
      );
      expect(error.$metadata).toMatchObject({ httpStatusCode: 502, attempts: 2 });
      expect(error.$fault).toBe('server');
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('leaves a connection that failed without an HTTP status, so the write layer knows the outcome is unknown', async () => {
    const server = await recordingServer(() => ({ status: 200, body: '{}' }));
    await server.close();
    const error = await refusalOf(
      clientFor(server.url, 1),
      new PutCommand({ TableName: 'orders', Item: { PK: 'p', SK: 's' } }),
    );
    expect((error as unknown as { code?: string }).code).toBe('ECONNREFUSED');
    expect(error.$metadata?.httpStatusCode).toBeUndefined();
  });
  it('takes the endpoint the environment configures, as the SDK does', async () => {
    const server = await recordingServer(() => ({ status: 200, body: '{}' }));
    const saved = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    process.env.AWS_ENDPOINT_URL_DYNAMODB = server.url;
    try {
      const client = DocumentClient.from(
        new DynamoDBClient({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }),
        serviceOptions,
      );
      await client.send(new GetCommand({ TableName: 'orders', Key: { PK: 'p', SK: 's' } }));
      expect(server.requests).toHaveLength(1);
    } finally {
      if (saved === undefined) delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
      else process.env.AWS_ENDPOINT_URL_DYNAMODB = saved;
      await server.close();
    }
  });

  it('refuses a success that is not a JSON object, with its status, instead of an empty answer', async () => {
    const server = await recordingServer(() => ({ status: 200, body: '<html>captive portal</html>' }));
    try {
      const error = await refusalOf(
        clientFor(server.url, 1),
        new GetCommand({ TableName: 'orders', Key: { PK: 'p', SK: 's' } }),
      );
      expect(error).toBeInstanceOf(SyntaxError);
      expect(error.$metadata).toMatchObject({ httpStatusCode: 200 });
    } finally {
      await server.close();
    }
  });

  it('sends any typed array as base64 and leaves null members out, as the SDK’s serializer does', async () => {
    const server = await recordingServer(() => ({ status: 200, body: '{}' }));
    try {
      await clientFor(server.url).send(
        new PutCommand({
          TableName: 'orders',
          Item: {
            PK: 'p',
            SK: 's',
            words: new Int32Array([7]),
            view: new DataView(new Uint8Array([1, 2]).buffer),
          },
          ConditionExpression: null as never,
        }),
      );
      const body = JSON.parse(server.requests[0]!.body) as Record<string, unknown>;
      expect(body).not.toHaveProperty('ConditionExpression');
      expect(body.Item).toMatchObject({ words: { B: 'BwAAAA==' }, view: { B: 'AQI=' } });
    } finally {
      await server.close();
    }
  });
});
