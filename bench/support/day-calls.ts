/**
 * DynamoDB commands the service sends over the day, counted at its document client: those sent while
 * serving an HTTP request (the gateway in this process) apart from the rest (the stream consumers, the
 * report jobs). A request's work is told apart by an AsyncLocalStorage entered when Node's HTTP server
 * starts a request (the `http.server.request.start` diagnostics channel), which every promise of the
 * handler's inherits; the store names the request's route, so the calls are also counted per route.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { db } from '../../shared/db/client';
import { DocumentClient } from '../../shared/db/document-client';

export interface RouteCalls {
  route: string;
  requests: number;
  calls: number;
}

export interface DayCalls {
  /** Commands sent while serving a request, and the rest. */
  counts(): { requests: number; background: number };
  /** Requests and commands per route (`GET /v1/orders/{id}`), most commands first. */
  byRoute(): RouteCalls[];
  stop(): void;
}

/**
 * The API request's method and path, each segment with a digit in it (an id, a date; not the version) as
 * `{id}`, no query; undefined for the S3 emulator's requests (the same process serves them).
 */
export function routeOf(request: Pick<IncomingMessage, 'method' | 'url'>): string | undefined {
  const path = (request.url ?? '').split('?')[0]!;
  if (!path.startsWith('/v1/')) return undefined;
  const segments = path
    .split('/')
    .map((segment, index) => (index > 1 && /\d/.test(segment) ? '{id}' : segment));
  return `${request.method ?? '?'} ${segments.join('/')}`;
}

export function countDayCalls(): DayCalls {
  const inRequest = new AsyncLocalStorage<RouteCalls>();
  const routes = new Map<string, RouteCalls>();
  const onRequest = (message: unknown) => {
    const route = routeOf((message as { request: IncomingMessage }).request) ?? 'other (S3 emulator)';
    let counts = routes.get(route);
    if (!counts) routes.set(route, (counts = { route, requests: 0, calls: 0 }));
    counts.requests += 1;
    inRequest.enterWith(counts);
  };
  diagnostics.subscribe('http.server.request.start', onRequest);
  let requests = 0;
  let background = 0;
  // A listener, not a middleware: a middleware in the stack would send every command through it, and
  // the day would measure the SDK's stack instead of the way the service sends (shared/db/document-client.ts).
  const client = db();
  if (!(client instanceof DocumentClient))
    throw new Error('the day counts calls at the service’s DocumentClient');
  const stopListening = client.onCommand(() => {
    const route = inRequest.getStore();
    if (route) {
      requests += 1;
      route.calls += 1;
    } else background += 1;
  });
  return {
    counts: () => ({ requests, background }),
    byRoute: () => [...routes.values()].sort((a, b) => b.calls - a.calls),
    stop: () => {
      diagnostics.unsubscribe('http.server.request.start', onRequest);
      stopListening();
    },
  };
}
