/**
 * shared/db/sigv4.ts against the independent SigV4 check the int tests also hold the SDK's signer to:
 * the session token is sent and signed, the key follows the day, and any change to what was signed fails.
 */
import { describe, expect, it } from 'vitest';
import { RequestSigner } from '../../shared/db/sigv4';
import { verifiesSigV4 } from '../support/sigv4-check';

const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const request = (path = '/') => ({
  path,
  headers: {
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': 'DynamoDB_20120810.GetItem',
    host: 'dynamodb.eu-west-1.amazonaws.com',
  },
  body: '{"TableName":"orders","Key":{"PK":{"S":"ORDER#1"},"SK":{"S":"ORDER"}}}',
});
const recorded = (signed: ReturnType<RequestSigner['sign']>) => ({ method: 'POST', ...signed });

describe('SigV4 for the direct transport', () => {
  it('signs a POST that verifies, with the date, the payload hash and the scope AWS expects', () => {
    const signer = new RequestSigner('eu-west-1', 'dynamodb');
    const signed = signer.sign(request(), credentials, new Date('2026-11-26T15:04:05.123Z'));
    expect(signed.headers['x-amz-date']).toBe('20261126T150405Z');
    expect(signed.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261126\/eu-west-1\/dynamodb\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    expect(verifiesSigV4(recorded(signed), credentials.secretAccessKey)).toBe(true);
    expect(verifiesSigV4(recorded(signed), 'another secret')).toBe(false);
    expect(
      verifiesSigV4(
        { ...recorded(signed), body: signed.body.replace('1', '2') },
        credentials.secretAccessKey,
      ),
    ).toBe(false);
  });

  it('sends and signs the session token, and keeps the key right across days and secrets', () => {
    const signer = new RequestSigner('eu-west-1', 'dynamodb');
    const withToken = {
      ...credentials,
      sessionToken: 'IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJH+token=',
    };
    for (const at of ['2026-11-26T23:59:59Z', '2026-11-27T00:00:01Z', '2026-11-27T12:00:00Z']) {
      const signed = signer.sign(request(), withToken, new Date(at));
      expect(signed.headers['x-amz-security-token']).toBe(withToken.sessionToken);
      expect(signed.headers.authorization).toContain('x-amz-security-token');
      expect(verifiesSigV4(recorded(signed), withToken.secretAccessKey)).toBe(true);
    }
    const rotated = { accessKeyId: 'AKIDROTATED', secretAccessKey: 'rotated-secret' };
    expect(verifiesSigV4(recorded(signer.sign(request(), rotated, new Date())), 'rotated-secret')).toBe(true);
  });

  it('signs an endpoint with a path of its own, each segment encoded as non-S3 services expect', () => {
    const signer = new RequestSigner('local', 'dynamodb');
    // As sent, from the endpoint's URL: already percent-encoded; signed escaped once more.
    const signed = signer.sign(request('/proxy/dynamo%20db'), credentials, new Date());
    const canonicalPath = '/proxy/dynamo%2520db';
    expect(verifiesSigV4({ ...recorded(signed), path: canonicalPath }, credentials.secretAccessKey)).toBe(
      true,
    );
  });
});
