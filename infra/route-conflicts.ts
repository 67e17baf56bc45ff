/**
 * API Gateway's rule for HTTP API routes: under one parent path, every variable segment at the same
 * level must have the same name (`/v1/orders/{id}` beside `/v1/orders/{orderId}/notes` fails at deploy
 * with a ConflictException, and `cdk synth` does not notice). Pure, so the stack and a test can apply it.
 */

export interface VariableConflict {
  /** The parent path under which the variables sit, with variables written as `{}`. */
  parent: string;
  /** The different variable names found at that level, sorted. */
  names: string[];
}

const isVariable = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** Path of a route key (`GET /v1/x` → `/v1/x`); undefined for `$default`. */
function routePath(routeKey: string): string | undefined {
  if (routeKey === '$default') return undefined;
  const space = routeKey.indexOf(' ');
  return space === -1 ? routeKey : routeKey.slice(space + 1);
}

export function findVariableConflicts(routeKeys: Iterable<string>): VariableConflict[] {
  const namesByParent = new Map<string, Set<string>>();
  for (const routeKey of routeKeys) {
    const path = routePath(routeKey);
    if (path === undefined) continue;
    const segments = path.split('/').filter(Boolean);
    // Variables in the parent are written `{}` so deeper levels compare whatever the upper names are.
    let parent = '';
    for (const segment of segments) {
      if (isVariable(segment)) {
        const names = namesByParent.get(parent) ?? new Set<string>();
        names.add(segment.slice(1, -1).replace(/\+$/, ''));
        namesByParent.set(parent, names);
      }
      parent += `/${isVariable(segment) ? '{}' : segment}`;
    }
  }
  return [...namesByParent]
    .filter(([, names]) => names.size > 1)
    .map(([parent, names]) => ({ parent: parent || '/', names: [...names].sort() }));
}
