/**
 * The local API Gateway (HTTP API): a loopback HTTP server that routes like the deployed API (same
 * canonical route keys, methods a path lacks to $default), runs the JWT authorizer, answers CORS
 * preflight and sets the CORS headers on every response (as API Gateway's corsPreflight does), and
 * invokes each group's real Lambda handler in this process with the payload 2.0 event.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { correlationIdOf } from '../../shared/http/correlation';
import { problemContentType, problemResponse } from '../../shared/http/problem';
import { buildApiEvent, resolveRoute } from './api-event';
import { isPreflight, preflightResponse, withCorsHeaders } from './gateway-cors';
import { authorizeRequest } from './jwt-authorizer';
import type { HttpReply } from './lambda-response';
import { toHttpReply } from './lambda-response';
import { invokeLambda } from './local-lambda';

/** API Gateway's payload limit; the functions themselves refuse bodies over 1 MiB with a 413 problem. */
export const gatewayMaxBodyBytes = 10 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  dataDir: string;
  quiet?: boolean;
}

export interface Gateway {
  url: string;
  stop(): Promise<void>;
}

interface Exchange {
  method: string;
  path: string;
  headers: Record<string, string>;
  requestId: string;
  group: string;
}

function gatewayMessage(statusCode: number, message: string): HttpReply {
  return {
    statusCode,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(JSON.stringify({ message })),
  };
}

function fromStrings(response: {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}): HttpReply {
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    cookies: [],
    body: Buffer.from(response.body),
  };
}

function requestHeaders(req: IncomingMessage, port: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // Node keeps only the first of repeated Authorization headers; API Gateway joins them with commas.
  const authorizations = req.headersDistinct.authorization;
  if (authorizations && authorizations.length > 1) headers.authorization = authorizations.join(',');
  const client = req.socket.remoteAddress ?? '127.0.0.1';
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${client}`
    : client;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-port'] = String(port);
  return headers;
}

/** Past this much, an oversized upload is cut off instead of drained. */
const drainLimitBytes = 8 * gatewayMaxBodyBytes;

/**
 * The body, or 'too-large' past the gateway's limit. An oversized body is still read to its end
 * (and dropped), so the client sees the 413 instead of a connection reset in the middle of its upload.
 */
function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= gatewayMaxBodyBytes) chunks.push(chunk);
      else if (size > drainLimitBytes) req.destroy(new Error('request body far over the payload limit'));
    });
    req.on('end', () => resolve(size > gatewayMaxBodyBytes ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Like the HTTP API: text media types arrive as text, everything else base64-encoded. */
function isTextual(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType) return false;
  return (
    mediaType.startsWith('text/') ||
    mediaType === 'application/json' ||
    mediaType === 'application/xml' ||
    /\+(json|xml)$/.test(mediaType)
  );
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A textual body as text, anything else as its bytes (base64-encoded in the event). Bytes that are not
 * UTF-8 under a text media type go as bytes too: decoding them here would put replacement characters
 * where they were, and the function must see what was sent to refuse it.
 */
function textBody(body: Buffer, contentType: string | undefined): string | Buffer {
  if (!isTextual(contentType)) return body;
  try {
    return strictUtf8.decode(body);
  } catch {
    return body;
  }
}

async function respond(
  req: IncomingMessage,
  exchange: Exchange,
  options: GatewayOptions,
): Promise<HttpReply> {
  const { method, path, headers } = exchange;
  const body = await readBody(req);
  if (body === 'too-large') return gatewayMessage(413, 'Request Entity Too Large');

  const route = resolveRoute(method, new URL(path, 'http://localhost').pathname);
  exchange.group = route.group;
  let claims: Record<string, string | number | boolean | string[]> | undefined;
  if (route.authorized) {
    // Every Authorization header, not Node's first-wins `req.headers.authorization`: two are refused.
    const authorization = await authorizeRequest(req.headersDistinct.authorization, options.dataDir);
    if (!authorization.ok) return fromStrings(authorization.response);
    claims = authorization.claims;
  }

  const { group, ...event } = buildApiEvent({
    method,
    path,
    headers,
    body: body.length === 0 ? undefined : textBody(body, headers['content-type']),
    claims,
    sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
  });
  exchange.requestId = event.requestContext.requestId;
  try {
    return toHttpReply(await invokeLambda(group, event, exchange.requestId));
  } catch (error) {
    // The function failed outside its own error handling (load error, timeout, malformed result).
    const correlationId = correlationIdOf(event);
    if (!options.quiet) console.error(`[gateway] ${group} failed (correlation id ${correlationId}):`, error);
    const problem = problemResponse(undefined, correlationId, event.rawPath);
    return fromStrings({ ...problem, headers: { ...problem.headers, 'x-correlation-id': correlationId } });
  }
}

function write(res: ServerResponse, reply: HttpReply, exchange: Exchange): void {
  res.statusCode = reply.statusCode;
  for (const [name, value] of Object.entries(reply.headers)) {
    if (!['content-length', 'transfer-encoding', 'connection'].includes(name)) res.setHeader(name, value);
  }
  if (reply.cookies.length > 0) res.setHeader('set-cookie', reply.cookies);
  res.setHeader('apigw-requestid', exchange.requestId);
  // A HEAD's answer carries the Content-Length its GET would have (the function sets it); Node sends no body.
  const headLength = exchange.method === 'HEAD' ? reply.headers['content-length'] : undefined;
  res.setHeader('content-length', headLength ?? reply.body.length);
  res.end(reply.body);
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  options: GatewayOptions,
  port: number,
): Promise<void> {
  const started = Date.now();
  const exchange: Exchange = {
    method: (req.method ?? 'GET').toUpperCase(),
    // API Gateway takes the path as sent; a leading `//` must not be read as a host.
    path: (req.url ?? '/').replace(/^\/{2,}/, '/'),
    headers: requestHeaders(req, port),
    requestId: randomUUID(),
    group: '-',
  };
  let reply: HttpReply;
  if (isPreflight(exchange.method, exchange.headers)) {
    reply = fromStrings(preflightResponse(exchange.headers));
  } else {
    try {
      reply = await respond(req, exchange, options);
    } catch (error) {
      if (!options.quiet) console.error('[gateway] request failed:', error);
      reply = gatewayMessage(500, 'Internal Server Error');
    }
    reply = withCorsHeaders(reply, exchange.headers.origin);
  }
  try {
    write(res, reply, exchange);
  } catch (error) {
    // A header the function returned that HTTP cannot carry.
    if (!options.quiet) console.error('[gateway] could not write the response:', error);
    if (res.headersSent) {
      res.destroy();
    } else {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      reply = gatewayMessage(502, 'Bad Gateway');
      write(res, reply, exchange);
    }
  }
  if (!options.quiet) {
    const duration = Date.now() - started;
    console.log(
      `${new Date().toISOString()} ${exchange.method} ${exchange.path} ${reply.statusCode} ${duration}ms ${exchange.group}`,
    );
  }
}

/**
 * What Node's HTTP parser accepts of a request's head (request line and header fields together): its
 * default, made explicit. A head over it never reaches `serve`; the `clientError` handler answers.
 */
export const gatewayMaxHeadBytes = 16 * 1024;

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

const stoppingProblem = JSON.stringify({
  type: 'https://problems.commerce-backoffice.dev/service-unavailable',
  title: 'Service Unavailable',
  status: 503,
  detail: 'The local API is stopping; send the request again once it is back.',
});

/** A whole HTTP/1.1 response carrying an RFC 9457 problem document, written to the raw socket. */
function rawProblemResponse(status: number, detail: string): string {
  const title = statusTexts[status] ?? 'Bad Request';
  const body = JSON.stringify({
    type: `https://problems.commerce-backoffice.dev/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    title,
    status,
    detail,
  });
  return [
    `HTTP/1.1 ${status} ${title}`,
    `content-type: ${problemContentType}`,
    `content-length: ${Buffer.byteLength(body)}`,
    `apigw-requestid: ${randomUUID()}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The answer to a request Node's parser refused. Past the head limit: 414 when the request line alone
 * does not fit (the chunk that overflowed starts with it and holds no line end within the limit), else
 * 431. The parser only shows the chunk it was reading, so a URI trickled in small writes is reported
 * as the generic 431.
 */
function clientErrorResponse(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): string {
  const limit = `${gatewayMaxHeadBytes / 1024} KiB`;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const packet = error.rawPacket;
    const startsWithRequestLine = packet !== undefined && /^[A-Z]+ \S/.test(packet.toString('latin1', 0, 64));
    const lineEnd = packet?.indexOf('\r\n') ?? -1;
    if (startsWithRequestLine && (lineEnd === -1 || lineEnd > gatewayMaxHeadBytes)) {
      return rawProblemResponse(
        414,
        `The request line (method, path and query string) is longer than the ${limit} this gateway accepts; send fewer or shorter query parameters.`,
      );
    }
    return rawProblemResponse(
      431,
      `The request line and header fields together are larger than the ${limit} this gateway accepts.`,
    );
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return rawProblemResponse(408, 'The request did not arrive in time.');
  }
  return rawProblemResponse(400, 'The request is not valid HTTP/1.1.');
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  let port = options.port;
  // While stopping, requests under way finish and newcomers are told to come back (503): a client never
  // sees its connection reset after sending a request it cannot know the fate of.
  let stopped: Promise<void> | undefined;
  let underWay = 0;
  let drained: (() => void) | undefined;
  const server = createServer({ maxHeaderSize: gatewayMaxHeadBytes }, (req, res) => {
    if (stopped) {
      // Its body read (and dropped) first: closing on a body still arriving would reset the connection.
      req.resume();
      res.writeHead(503, { 'content-type': problemContentType, connection: 'close' });
      res.end(stoppingProblem);
      return;
    }
    underWay += 1;
    // Counted down once the response has left (or the connection died), not when the handler returns.
    res.once('close', () => {
      underWay -= 1;
      if (underWay === 0) drained?.();
    });
    serve(req, res, options, port).catch(() => res.destroy());
  });
  const answered = new WeakSet<object>();
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    // Unparseable HTTP or a head over the limit: answer once and hang up, never crash. The parser goes
    // on failing on the rest of that request as it arrives: those reads only drain it, so the client
    // finishes sending and reads the answer instead of seeing its connection reset.
    if (answered.has(socket)) return;
    answered.add(socket);
    // As Node's own handler: never write into a response already under way on this connection.
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error));
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      (stopped ??= (async () => {
        // Requests under way get their answer (a 504 for a write that may have committed, a 503 once the
        // retry policy's 20 s deadline gives up on a database that is gone); after 25 s they are cut.
        if (underWay > 0) {
          await new Promise<void>((resolve) => {
            const cut = setTimeout(resolve, 25_000);
            drained = () => {
              clearTimeout(cut);
              resolve();
            };
          });
        }
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })()),
  };
}
