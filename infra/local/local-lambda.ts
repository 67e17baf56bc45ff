/**
 * Runs a group's Lambda handler in this process the way Lambda would: its module loaded once (a warm
 * container), a context with a deadline, and the function timeout. The gateway and `npm run invoke` use it.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** The stack gives API functions less time than API Gateway's 30 s integration limit. */
export const functionTimeoutMs = 25_000;

type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const handlers = new Map<string, Promise<LambdaHandler>>();

/** Imported on first use only, so starting the runtime does not pay for every group's modules. */
export function loadHandler(group: string): Promise<LambdaHandler> {
  if (!/^[a-z][a-z0-9-]*$/.test(group)) return Promise.reject(new Error(`Not a group name: ${group}`));
  let handler = handlers.get(group);
  if (!handler) {
    handler = import(`../../functions/${group}/handler.ts`).then((module: { handler?: LambdaHandler }) => {
      if (typeof module.handler !== 'function')
        throw new Error(`functions/${group}/handler.ts exports no handler`);
      return module.handler;
    });
    handlers.set(group, handler);
    handler.catch(() => handlers.delete(group));
  }
  return handler;
}

export function lambdaContext(group: string, requestId: string = randomUUID()): Context {
  const deadline = Date.now() + functionTimeoutMs;
  const functionName = `commerce-local-${group}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export class FunctionTimeout extends Error {
  constructor(group: string) {
    super(`Task timed out after ${functionTimeoutMs / 1000} seconds (${group})`);
    this.name = 'FunctionTimeout';
  }
}

/** Calls the handler; rejects with FunctionTimeout when it outlives the function timeout. */
export async function invokeLambda(group: string, event: unknown, requestId?: string): Promise<unknown> {
  const handler = await loadHandler(group);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FunctionTimeout(group)), functionTimeoutMs);
  });
  try {
    return await Promise.race([handler(event, lambdaContext(group, requestId)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
