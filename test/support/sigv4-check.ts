/**
 * AWS Signature Version 4, computed here from the request as it arrived (AWS's published algorithm, with
 * Node's crypto): whether its Authorization header is the signature AWS would compute with the secret.
 * Independent of the SDK's signer, so a test can hold both the SDK and our transport to it.
 */
import { createHash, createHmac } from 'node:crypto';
import type { RecordedRequest } from './recording-server';

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function verifiesSigV4(request: RecordedRequest, secretAccessKey: string): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
  if (!match) return false;
  const [, , date, region, service, signedHeaders, signature] = match;
  const amzDate = request.headers['x-amz-date'] ?? '';
  const names = signedHeaders!.split(';');
  const canonicalHeaders = names
    .map((name) => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const [path, query = ''] = request.path.split('?');
  const canonicalRequest = [
    request.method,
    path,
    query,
    canonicalHeaders,
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region!), service!), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') === signature;
}
