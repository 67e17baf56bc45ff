/**
 * DynamoDB commands the service sends over the day, counted at its document client: those sent while
 * serving an HTTP request (the gateway in this process) apart from the rest (the stream consumers, the
 * report jobs). A request's work is told apart by an AsyncLocalStorage entered when Node's HTTP server
 * starts a request (the `http.server.request.start` diagnostics channel), which every promise of the
 * handler's inherits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import { db } from '../../shared/db/client';

const name = 'benchDayCalls';

export interface DayCalls {
  /** Commands sent while serving a request, and the rest. */
  counts(): { requests: number; background: number };
  stop(): void;
}

export function countDayCalls(): DayCalls {
  const inRequest = new AsyncLocalStorage<true>();
  const onRequest = () => inRequest.enterWith(true);
  diagnostics.subscribe('http.server.request.start', onRequest);
  let requests = 0;
  let background = 0;
  const client = db();
  client.middlewareStack.add(
    (next) => (args) => {
      if (inRequest.getStore()) requests += 1;
      else background += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    counts: () => ({ requests, background }),
    stop: () => {
      diagnostics.unsubscribe('http.server.request.start', onRequest);
      client.middlewareStack.remove(name);
    },
  };
}
