/**
 * One HTTP POST of a JSON body over a kept-alive connection, the answer read whole as text. The SDK's
 * HTTP handler does the same with four timers, a socket-usage check and a response object per request:
 * 0.3 ms of CPU a command on the busy day. The agent is the SDK's default (keep-alive, 50 sockets); a
 * socket silent for five minutes fails as the SDK's does (a TimeoutError, tried again as transient).
 */
import type { IncomingHttpHeaders } from 'node:http';
import http from 'node:http';
import https from 'node:https';

export interface PostAnswer {
  statusCode: number;
  headers: Record<string, string | undefined>;
  text: string;
}

export interface PostTarget {
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
}

const socketTimeoutMs = 300_000;
const timedOutCodes = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

function singleValued(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

export class JsonPoster {
  private readonly secure: boolean;
  private readonly agent: http.Agent;

  constructor(private readonly target: PostTarget) {
    this.secure = target.protocol === 'https:';
    this.agent = this.secure
      ? new https.Agent({ keepAlive: true, maxSockets: 50 })
      : new http.Agent({ keepAlive: true, maxSockets: 50 });
  }

  post(headers: Record<string, string>, body: string): Promise<PostAnswer> {
    const send = this.secure ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const request = send(
        {
          hostname: this.target.hostname,
          port: this.target.port,
          path: this.target.path,
          method: 'POST',
          headers,
          agent: this.agent,
          timeout: socketTimeoutMs,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.once('end', () =>
            resolve({ statusCode: response.statusCode ?? 0, headers: singleValued(response.headers), text }),
          );
          response.once('error', reject);
        },
      );
      request.once('timeout', () =>
        request.destroy(
          Object.assign(new Error('The socket was silent for too long'), { name: 'TimeoutError' }),
        ),
      );
      // As the SDK's handler names them: a reset, broken or timed-out connection is a TimeoutError.
      request.once('error', (error: NodeJS.ErrnoException) =>
        reject(timedOutCodes.has(error.code ?? '') ? Object.assign(error, { name: 'TimeoutError' }) : error),
      );
      request.end(body);
    });
  }

  destroy(): void {
    this.agent.destroy();
  }
}
