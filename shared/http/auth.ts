import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { Forbidden, Unauthorized } from '../errors';
import type { Caller } from './catalogue';
import type { Permission } from './permissions';
import { roleAllows, strongestRole } from './permissions';

/**
 * The groups of the `cognito:groups` claim. One array element is one group, never split further.
 *
 * How the claim arrives:
 * - In AWS, the HTTP API's JWT authorizer hands the function every claim as a string, and an array
 *   claim as its elements joined by single spaces inside brackets: `["viewer","manager"]` in the token
 *   becomes `"[viewer manager]"` in `requestContext.authorizer.jwt.claims` (buildApiEvent does the same
 *   locally). That encoding is only reversible on whitespace: Cognito group names match
 *   `[\p{L}\p{M}\p{S}\p{N}\p{P}]+`, so they hold no whitespace but may hold commas. So the bracketed
 *   form is split on whitespace and never on commas: `[viewer,manager]` is the one group
 *   "viewer,manager" (which grants nothing), not two.
 * - A real array (claims read from the token itself, a hand-written event) or a string holding a JSON
 *   array of strings (`["viewer","manager"]`) is taken element by element, exactly.
 *   (The bracketed AWS form can only parse as JSON when every group name is itself a quoted JSON
 *   string with the separating comma inside the name; no group of ours looks like that.)
 * - Any other string is one group, exactly as written.
 * Anything else (numbers, objects, non-string elements) grants nothing. Nothing is trimmed or
 * case-folded: a group is a role only when it equals the role's name (strongestRole), so `" manager"`,
 * `"Manager"` and `"viewer manager"` are groups that grant nothing.
 */
export function groupsClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string');
  if (typeof value !== 'string' || value === '') return [];
  if (!value.startsWith('[') || !value.endsWith(']')) return [value];
  const json = jsonStringArray(value);
  if (json) return json;
  // API Gateway joins the elements with one space each; leading, trailing or doubled spaces can only
  // come from elements that held whitespace themselves (which no Cognito group does), so such a claim
  // cannot be split back into its groups and grants nothing.
  if (!awsFlattenedArray.test(value)) return [];
  return value === '[]' ? [] : value.slice(1, -1).split(' ');
}

const awsFlattenedArray = /^\[(?:[^\s]+(?: [^\s]+)*)?\]$/;

function jsonStringArray(text: string): string[] | undefined {
  if (!text.includes('"')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((group) => typeof group === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The caller's user name: `username` in a Cognito access token, `cognito:username` in an ID token.
 * The subject stands in only when the token carries neither.
 */
function usernameOf(claims: Record<string, unknown>): string | undefined {
  const fromAccessToken = stringClaim(claims.username);
  const fromIdToken = stringClaim(claims['cognito:username']);
  return claims.token_use === 'id' ? (fromIdToken ?? fromAccessToken) : (fromAccessToken ?? fromIdToken);
}

/** Who is calling, from the claims the JWT authorizer verified; 401 without them, 403 without the role. */
export function authorize(event: APIGatewayProxyEventV2WithJWTAuthorizer, permission: Permission): Caller {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '') throw new Unauthorized();
  const role = strongestRole(groupsClaim(claims['cognito:groups']));
  if (!role) throw new Forbidden('The token carries none of the roles viewer, operator or manager.');
  if (!roleAllows(role, permission)) {
    throw new Forbidden(
      `This operation needs the ${permission} permission, which the ${role} role does not have.`,
    );
  }
  return { subject: claims.sub, username: usernameOf(claims) ?? claims.sub, role };
}
