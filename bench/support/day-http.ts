/**
 * The day's HTTP side: requests to the local gateway on loopback with development tokens, each timed and
 * counted under an operation name (status counts, latency samples, every 5xx kept with its correlation id
 * and body), and a bounded pool that runs tasks a few at a time.
 */
import { randomUUID } from 'node:crypto';
import { signDevToken } from '../../infra/local/dev-keys';
import type { Role } from '../../shared/http/permissions';
import { elapsedMs, now } from '../lib/timing';

export interface DayResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON the day reads fields of
  body: any;
  text: string;
  headers: Headers;
}

export interface ServerError {
  operation: string;
  method: string;
  path: string;
  status: number;
  correlationId: string;
  body: string;
}

export interface OperationRecord {
  samplesMs: number[];
  statuses: Map<number, number>;
}

export interface RequestOptions {
  role: Role;
  body?: unknown;
  headers?: Record<string, string>;
}

export class DayClient {
  readonly operations = new Map<string, OperationRecord>();
  readonly serverErrors: ServerError[] = [];
  private readonly tokens = new Map<Role, string>();

  private constructor(private readonly baseUrl: string) {
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl)) throw new Error(`not a loopback URL: ${baseUrl}`);
  }

  static async open(baseUrl: string, dataDir: string): Promise<DayClient> {
    const client = new DayClient(baseUrl);
    for (const role of ['viewer', 'operator', 'manager'] as const) {
      client.tokens.set(role, await signDevToken(role, { dataDir, subject: `day-${role}`, expiresIn: '2h' }));
    }
    return client;
  }

  /** One timed request; the answer whatever its status (the caller decides what it expected). */
  async send(operation: string, method: string, path: string, options: RequestOptions): Promise<DayResponse> {
    const correlationId = randomUUID();
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.tokens.get(options.role)}`,
      'x-correlation-id': correlationId,
      ...options.headers,
    };
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const start = now();
    const request = () => fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    let response: Response;
    try {
      response = await request();
    } catch (error) {
      // A kept-alive socket closed by the other side as the request went out (seen under heavy load, after
      // a 504, crashing the whole day): a read is sent again on a new socket; a change never is.
      if (method !== 'GET' || !isClosedSocket(error)) throw error;
      response = await request();
    }
    const text = await response.text();
    const ms = elapsedMs(start);
    this.record(operation, response.status, ms);
    if (response.status >= 500) {
      this.serverErrors.push({
        operation,
        method,
        path,
        status: response.status,
        correlationId: response.headers.get('x-correlation-id') ?? correlationId,
        body: text.slice(0, 1000),
      });
    }
    let parsed: unknown = text;
    if (/json/.test(response.headers.get('content-type') ?? '') && text.length > 0) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  private record(operation: string, status: number, ms: number): void {
    let entry = this.operations.get(operation);
    if (!entry) {
      entry = { samplesMs: [], statuses: new Map() };
      this.operations.set(operation, entry);
    }
    entry.samplesMs.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  }
}

const isClosedSocket = (error: unknown) =>
  (error as { cause?: { code?: string } } | undefined)?.cause?.code === 'UND_ERR_SOCKET';

/** Runs the tasks with at most `concurrency` in flight; answers once all have settled (the first failure rethrown). */
export async function runPool(tasks: ReadonlyArray<() => Promise<void>>, concurrency: number): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  if (failures.length > 0) throw failures[0];
}
