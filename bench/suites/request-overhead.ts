/**
 * What the HTTP stack (middy, auth, validation, access log, response shaping) adds to a request, against
 * the one DynamoDB call the request makes: GET /v1/vendors/{id} through the vendors handler in process,
 * versus the bare GetItem with the same client. Target: handler median ≤ 1.15 × bare median.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { buildApiEvent } from '../../infra/local/api-event';
import { db } from '../../shared/db/client';
import { vendorKey } from '../../shared/db/keys';
import { claimsFor } from '../../test/support/call';
import { round, summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';
import { interleave } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { benchVendor } from '../support/bench-vendor';
import { deepFreeze } from '../support/deep-freeze';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';

const target = 1.15;
const tableName = 'bench-request-overhead';
const schedule = { warmup: 200, rounds: 20, perRound: 100 };

interface HttpResult {
  statusCode: number;
  body: string;
}

export const requestOverhead: Suite = {
  name: 'request-overhead',
  description: 'GET /v1/vendors/{id} through the handler against the bare GetItem it makes',
  run: () =>
    withHandlerEnvironment(tableName, async (stdout) => {
      const { vendor, item } = benchVendor();
      await db().send(new PutCommand({ TableName: tableName, Item: item }));
      // Imported after the environment is set, as Lambda would start it.
      const { handler } = await import('../../functions/vendors/handler');

      const { group, ...apiEvent } = buildApiEvent({
        method: 'GET',
        path: `/v1/vendors/${vendor.id}`,
        claims: claimsFor('manager'),
      });
      if (group !== 'vendors') throw new Error(`GET /v1/vendors/{id} routes to ${group}, not vendors`);
      // Built once and frozen: if any middleware mutated it, the check below would fail, not skew the figures.
      const event = deepFreeze(apiEvent);
      const viaHandler = async () => {
        const response = (await handler(event, lambdaContext)) as HttpResult;
        if (response.statusCode !== 200)
          throw new Error(`handler answered ${response.statusCode}: ${response.body}`);
        return response;
      };
      // Exactly the command findVendor sends (shared/db/query.ts getItem).
      const bare = async () => {
        const result = await db().send(
          new GetCommand({ TableName: tableName, Key: vendorKey(vendor.id), ConsistentRead: false }),
        );
        if (!result.Item) throw new Error('the bare GetItem found no vendor');
        return result;
      };

      deepStrictEqual(JSON.parse((await viaHandler()).body), vendor, 'the handler answers the stored vendor');
      if (stdout.writes() !== 1)
        throw new Error(`expected one access-log line per request, saw ${stdout.writes()}`);

      const samples = await interleave(
        [
          { name: 'handler', call: viaHandler },
          { name: 'bare', call: bare },
        ],
        schedule,
      );
      const handlerSummary = summarize(samples.get('handler')!);
      const bareSummary = summarize(samples.get('bare')!);
      const ratio = handlerSummary.medianMs / bareSummary.medianMs;
      const logLines = stdout.writes();
      const handlerCalls = 1 + schedule.warmup + schedule.rounds * schedule.perRound;

      return {
        tables: [
          {
            title: `Request overhead: GET /v1/vendors/{id} against its bare GetItem (target ≤ ${target} ×)`,
            rows: [
              {
                call: 'handler(event, context)',
                n: handlerSummary.n,
                'median ms': round(handlerSummary.medianMs, 3),
                'p95 ms': round(handlerSummary.p95Ms, 3),
                'overhead median ms': round(handlerSummary.medianMs - bareSummary.medianMs, 3),
                '× bare (median)': round(ratio, 3),
                verdict: verdict(ratio, target),
              },
              {
                call: 'db().send(GetCommand)',
                n: bareSummary.n,
                'median ms': round(bareSummary.medianMs, 3),
                'p95 ms': round(bareSummary.p95Ms, 3),
                'overhead median ms': null,
                '× bare (median)': 1,
                verdict: null,
              },
            ],
          },
        ],
        notes: [
          `DynamoDB Local in memory; one complete vendor item; ${schedule.warmup} warm-up calls each, then ${schedule.rounds} alternating rounds of ${schedule.perRound} calls each, one call at a time, same document client.`,
          `LOG_LEVEL=info (the production default): the handler builds and serializes its access-log line on every call, but process.stdout.write was replaced by a no-op while measuring (${logLines} lines swallowed over ${handlerCalls} handler calls), so terminal speed is not counted.`,
          'The event was built once with buildApiEvent and deep-frozen; every call answered 200, the first one with exactly the stored vendor.',
        ],
      };
    }),
};
