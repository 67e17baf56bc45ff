/**
 * A stand-in for the AWS Parameters and Secrets extension's local endpoint: answers
 * GET /secretsmanager/get?secretId=... with { SecretString } from a map, refuses requests without the
 * session token header as the extension does, and counts what it was asked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SecretsStandIn {
  port: number;
  /** The secret ids asked for, in order. */
  requests: string[];
  /** Answer every request with this status instead (a failing extension). */
  failWith?: number;
  close(): Promise<void>;
}

export async function startSecretsStandIn(secrets: Record<string, string>): Promise<SecretsStandIn> {
  const requests: string[] = [];
  const standIn: SecretsStandIn = { port: 0, requests, close: async () => {} };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const secretId = url.searchParams.get('secretId') ?? '';
    requests.push(secretId);
    if (standIn.failWith) return void response.writeHead(standIn.failWith).end('failing');
    if (!request.headers['x-aws-parameters-secrets-token']) return void response.writeHead(401).end();
    if (url.pathname !== '/secretsmanager/get' || !(secretId in secrets)) {
      return void response.writeHead(400).end('not found');
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ Name: secretId, SecretString: secrets[secretId] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.port = (server.address() as AddressInfo).port;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
