import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { header } from './request';

/** A caller-supplied X-Correlation-Id when it looks sane, else API Gateway's request id. */
export function correlationIdOf(event: APIGatewayProxyEventV2): string {
  const given = header(event, 'x-correlation-id');
  if (given && /^[A-Za-z0-9._:-]{8,128}$/.test(given)) return given;
  return event.requestContext?.requestId ?? randomUUID();
}
