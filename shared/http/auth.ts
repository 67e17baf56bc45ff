import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { Forbidden, Unauthorized } from '../errors';
import type { Caller } from './catalogue';
import type { Permission } from './permissions';
import { roleAllows, strongestRole } from './permissions';

/** API Gateway passes array claims as "[a b]" strings; tokens used directly may carry real arrays. */
export function groupsClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string') return [];
  const trimmed = value.trim();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    return trimmed
      .slice(1, -1)
      .split(/[\s,]+/)
      .filter(Boolean);
  }
  return trimmed.split(/[\s,]+/).filter(Boolean);
}

/** Who is calling, from the claims the JWT authorizer verified; 401 without them, 403 without the role. */
export function authorize(event: APIGatewayProxyEventV2WithJWTAuthorizer, permission: Permission): Caller {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') throw new Unauthorized();
  const role = strongestRole(groupsClaim(claims['cognito:groups']));
  if (!role) throw new Forbidden('The token carries none of the roles viewer, operator or manager.');
  if (!roleAllows(role, permission)) {
    throw new Forbidden(
      `This operation needs the ${permission} permission, which the ${role} role does not have.`,
    );
  }
  const username = typeof claims['cognito:username'] === 'string' ? claims['cognito:username'] : claims.sub;
  return { subject: claims.sub, username: String(username), role };
}
