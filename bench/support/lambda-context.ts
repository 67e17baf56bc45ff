/** A Lambda context with what middy reads: getRemainingTimeInMillis arms its early-timeout timer, as in Lambda. */
import type { Context } from 'aws-lambda';

export const lambdaContext = {
  functionName: 'bench',
  functionVersion: '$LATEST',
  awsRequestId: 'bench',
  memoryLimitInMB: '1024',
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;
