import { describe, expect, it } from 'vitest';
import { groupsClaim } from '../../shared/http/auth';
import { roleAllows, strongestRole } from '../../shared/http/permissions';

describe('roles and permissions', () => {
  it('each role includes the ones below it', () => {
    expect(roleAllows('viewer', 'read')).toBe(true);
    expect(roleAllows('viewer', 'write')).toBe(false);
    expect(roleAllows('operator', 'write')).toBe(true);
    expect(roleAllows('operator', 'manage')).toBe(false);
    expect(roleAllows('manager', 'manage')).toBe(true);
  });

  it('takes the strongest known group and ignores others', () => {
    expect(strongestRole(['viewer', 'manager', 'admins'])).toBe('manager');
    expect(strongestRole(['admins'])).toBeUndefined();
  });

  it('reads the groups claim as API Gateway flattens it and as a real array', () => {
    expect(groupsClaim('[operator viewer]')).toEqual(['operator', 'viewer']);
    expect(groupsClaim(['manager'])).toEqual(['manager']);
    expect(groupsClaim('viewer')).toEqual(['viewer']);
    expect(groupsClaim(undefined)).toEqual([]);
  });
});
