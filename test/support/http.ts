/** e2e helpers: real development tokens and real HTTP requests to the local gateway. */
import { inject } from 'vitest';
import { signDevToken } from '../../infra/local/dev-keys';
import type { Role } from '../../shared/http/permissions';

export interface ApiOptions {
  /** Sends a token for this role; omit for no token. */
  role?: Role;
  /** A token to send as is (forged, expired, ...). */
  token?: string;
  body?: unknown;
  /** Sent as is, instead of `body` as JSON. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Another runtime than the shared one (the restart test starts its own). */
  baseUrl?: string;
  dataDir?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON that assertions read
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, else the text. */
  body: T;
  text: string;
}

export function token(role: Role, options: { dataDir?: string; subject?: string; expiresIn?: string } = {}) {
  return signDevToken(role, { ...options, dataDir: options.dataDir ?? inject('dataDir') });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON that assertions read
export async function api<T = any>(
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const bearer =
    options.token ?? (options.role ? await token(options.role, { dataDir: options.dataDir }) : undefined);
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let body: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${options.baseUrl ?? inject('baseUrl')}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (/json/.test(response.headers.get('content-type') ?? '')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}
