/** Calls a group's real Lambda handler with the event API Gateway would send, as a given role. */
import type { Context } from 'aws-lambda';
import { buildApiEvent } from '../../infra/local/api-event';
import type { Role } from '../../shared/http/permissions';
import { asGroup } from './access-recorder';

export interface CallSpec {
  method: string;
  path: string;
  body?: unknown;
  /** Raw body, sent as is (for malformed-input tests): text, or bytes the event carries base64-encoded. */
  rawBody?: string | Buffer;
  /** null: no token at all. */
  role?: Role | null;
  subject?: string;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON that assertions read
export interface CallResult<T = any> {
  status: number;
  headers: Record<string, string>;
  body: T;
  text: string;
}

const handlers = new Map<string, (event: unknown, context: Context) => Promise<unknown>>();

async function handlerOf(group: string) {
  let handler = handlers.get(group);
  if (!handler) {
    handler = ((await import(`../../functions/${group}/handler.ts`)) as { handler: typeof handler }).handler!;
    handlers.set(group, handler);
  }
  return handler;
}

/** The claims of a Cognito access token (as the development tokens are) for a user in the role's group. */
export function claimsFor(role: Role, subject = `user-${role}`) {
  return { sub: subject, username: subject, 'cognito:groups': [role], token_use: 'access' };
}

const context = {
  functionName: 'test',
  awsRequestId: 'test',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON that assertions read
export async function call<T = any>(spec: CallSpec): Promise<CallResult<T>> {
  const role = spec.role === undefined ? 'manager' : spec.role;
  const headers: Record<string, string> = { ...spec.headers };
  let body: string | Buffer | undefined = spec.rawBody;
  if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    headers['content-type'] ??= 'application/json';
  }
  const event = buildApiEvent({
    method: spec.method,
    path: spec.path,
    headers,
    body,
    claims: role ? claimsFor(role, spec.subject) : undefined,
  });
  const { group, ...apiEvent } = event;
  const handler = await handlerOf(group);
  const response = (await asGroup(group, () => handler(apiEvent, context))) as {
    statusCode: number;
    headers: Record<string, string>;
    body: string;
  };
  let parsed: unknown;
  try {
    parsed = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    parsed = undefined;
  }
  // Header names are case-insensitive; middlewares write some capitalised.
  const responseHeaders = Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return { status: response.statusCode, headers: responseHeaders, body: parsed as T, text: response.body };
}
