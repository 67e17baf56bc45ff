/** Roles come from the token's Cognito groups; each role includes the ones below it. */
export const roles = ['viewer', 'operator', 'manager'] as const;
export type Role = (typeof roles)[number];

/** What a catalogue entry requires: read (viewer), write (operator: day-to-day changes), manage (manager). */
export const permissions = ['read', 'write', 'manage'] as const;
export type Permission = (typeof permissions)[number];

const minimumRole: Record<Permission, Role> = { read: 'viewer', write: 'operator', manage: 'manager' };

export function roleRank(role: Role): number {
  return roles.indexOf(role);
}

export function roleAllows(role: Role, permission: Permission): boolean {
  return roleRank(role) >= roleRank(minimumRole[permission]);
}

/** The strongest role among the groups a token carries, or undefined when it carries none we know. */
export function strongestRole(groups: readonly string[]): Role | undefined {
  let best: Role | undefined;
  for (const group of groups) {
    if ((roles as readonly string[]).includes(group)) {
      const role = group as Role;
      if (best === undefined || roleRank(role) > roleRank(best)) best = role;
    }
  }
  return best;
}
