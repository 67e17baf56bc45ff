/**
 * The development token issuer: an RS256 key pair made on first use and kept under `<dataDir>/dev-jwt/`,
 * tokens shaped like Cognito access tokens, and the checks API Gateway's JWT authorizer applies
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-jwt-authorizer.html).
 */
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CryptoKey, JWK, JWTPayload } from 'jose';
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Role } from '../../shared/http/permissions';
import { dataPaths } from './data-dir';

export const devIssuer = 'http://127.0.0.1/local-dev-issuer';
export const devAudience = 'commerce-backoffice-local';
const algorithm = 'RS256';

interface DevKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

const cache = new Map<string, Promise<DevKeys>>();

async function createKeys(directory: string): Promise<void> {
  const { privateKey } = await generateKeyPair(algorithm, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(privateJwk);
  const temporary = join(directory, `.private-${randomUUID()}.json`);
  writeFileSync(temporary, JSON.stringify({ ...privateJwk, kid, alg: algorithm, use: 'sig' }), {
    mode: 0o600,
  });
  try {
    // link() fails when the file exists: two processes racing on first use keep one key, complete.
    linkSync(temporary, join(directory, 'private.jwk.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

async function readKeys(dataDir: string): Promise<DevKeys> {
  const directory = dataPaths(dataDir).devJwt;
  const privateFile = join(directory, 'private.jwk.json');
  mkdirSync(directory, { recursive: true });
  let text: string;
  try {
    text = readFileSync(privateFile, 'utf8');
  } catch {
    await createKeys(directory);
    text = readFileSync(privateFile, 'utf8');
  }
  const privateJwk = JSON.parse(text) as JWK & { kid: string };
  const publicJwk: JWK = {
    kty: privateJwk.kty,
    n: privateJwk.n,
    e: privateJwk.e,
    kid: privateJwk.kid,
    alg: algorithm,
    use: 'sig',
  };
  // The public half as a JWKS, the document a real issuer serves at its jwks_uri.
  const jwksFile = join(directory, 'jwks.json');
  writeFileSync(`${jwksFile}.tmp`, JSON.stringify({ keys: [publicJwk] }, null, 2));
  renameSync(`${jwksFile}.tmp`, jwksFile);
  return {
    kid: privateJwk.kid,
    privateKey: (await importJWK(privateJwk, algorithm)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, algorithm)) as CryptoKey,
  };
}

function devKeys(dataDir: string): Promise<DevKeys> {
  const key = dataPaths(dataDir).devJwt;
  let keys = cache.get(key);
  if (!keys) {
    keys = readKeys(dataDir);
    cache.set(key, keys);
    keys.catch(() => cache.delete(key));
  }
  return keys;
}

export interface SignOptions {
  dataDir: string;
  subject?: string;
  /** A jose duration: '12h', '15m', '-1h' (already expired). Default 12h. */
  expiresIn?: string;
  /** Claims to add or override (tests use it for a wrong audience, a future nbf, ...). */
  claims?: JWTPayload & Record<string, unknown>;
}

/**
 * A token shaped like a Cognito access token for a user in the role's group: `sub`, `username`,
 * `cognito:groups` (an array), `client_id` and `token_use: access`, and no `aud` (access tokens carry
 * the app client's id in `client_id` instead; ID tokens carry `aud` and `cognito:username`).
 */
export async function signDevToken(role: Role, options: SignOptions): Promise<string> {
  const { kid, privateKey } = await devKeys(options.dataDir);
  const subject = options.subject ?? `local-${role}`;
  const payload = {
    sub: subject,
    username: subject,
    'cognito:groups': [role],
    client_id: devAudience,
    iss: devIssuer,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: Math.floor(Date.now() / 1000),
    jti: randomUUID(),
    ...options.claims,
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: algorithm, kid, typ: 'JWT' })
    .setIssuedAt(options.claims?.iat)
    .setExpirationTime(options.claims?.exp ?? options.expiresIn ?? '12h')
    .sign(privateKey);
}

export type VerifyResult = { ok: true; claims: JWTPayload } | { ok: false; reason: string };

/**
 * The audience check of API Gateway's JWT authorizer: `aud` or `client_id` must name the configured
 * audience. It "validates client_id only if aud is not present. When both aud and client_id are
 * present, API Gateway evaluates aud" (HTTP API JWT authorizer troubleshooting guide), so an access
 * token (no aud) passes on its client_id and an ID token on its aud.
 */
function audienceMatches(claims: JWTPayload): boolean {
  if (claims.aud !== undefined) {
    return Array.isArray(claims.aud) ? claims.aud.includes(devAudience) : claims.aud === devAudience;
  }
  return claims.client_id === devAudience;
}

function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'the token does not have a valid issuer';
    if (error.claim === 'nbf') return 'the token is not valid yet';
    return `the token has an invalid ${error.claim} claim`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the token signature is invalid';
  return 'the token is malformed';
}

/**
 * Tokens that passed every check, by data folder and token, until they expire: the RSA signature check
 * was the gateway's largest cost on the busy day (0.3 ms a request, for a token the web UI sends all
 * day). Its time claims (exp, nbf, iat) are checked again at each use.
 */
const passedTokens = new Map<string, JWTPayload & { exp: number }>();
const mostPassedTokens = 1000;

function passedBefore(key: string): VerifyResult | undefined {
  const claims = passedTokens.get(key);
  if (!claims) return undefined;
  const now = Math.floor(Date.now() / 1000);
  if (claims.exp <= now) {
    passedTokens.delete(key);
    return { ok: false, reason: 'the token has expired' };
  }
  // A clock set back (a test's) can put nbf or iat in the future again: checked as jose and below do.
  if (typeof claims.nbf === 'number' && claims.nbf > now)
    return { ok: false, reason: 'the token is not valid yet' };
  if (typeof claims.iat === 'number' && claims.iat > now) {
    return { ok: false, reason: 'the token was issued in the future' };
  }
  return { ok: true, claims };
}

function rememberPassed(key: string, claims: JWTPayload): void {
  if (passedTokens.size >= mostPassedTokens) passedTokens.delete(passedTokens.keys().next().value!);
  passedTokens.set(key, claims as JWTPayload & { exp: number });
}

/** Signature (RS256, by kid), issuer, expiry (required), nbf and iat not in the future, audience. */
export async function verifyDevToken(token: string, options: { dataDir: string }): Promise<VerifyResult> {
  const cacheKey = `${options.dataDir}\n${token}`;
  const passed = passedBefore(cacheKey);
  if (passed) return passed;
  const { kid, publicKey } = await devKeys(options.dataDir);
  try {
    const header = decodeProtectedHeader(token);
    if (header.kid !== kid) return { ok: false, reason: 'the token was not signed by a key of the issuer' };
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [algorithm],
      issuer: devIssuer,
      requiredClaims: ['exp'],
      clockTolerance: 0,
    });
    if (typeof payload.iat === 'number' && payload.iat > Math.floor(Date.now() / 1000)) {
      return { ok: false, reason: 'the token was issued in the future' };
    }
    if (!audienceMatches(payload)) return { ok: false, reason: 'the token does not have a valid audience' };
    rememberPassed(cacheKey, payload);
    return { ok: true, claims: payload };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}
