/** An HTTP server on loopback that records each request whole and answers what the test says. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export async function recordingServer(
  answer: (request: RecordedRequest) => { status: number; body: string },
) {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers as Record<string, string | undefined>,
        body,
      };
      requests.push(recorded);
      const { status, body: text } = answer(recorded);
      response.writeHead(status, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-requestid': 'stand-in',
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
