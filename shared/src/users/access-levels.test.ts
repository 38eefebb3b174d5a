import { describe, expect, it } from 'vitest';
import type { Role } from '../tenancy/roles.ts';
import { ACCESS_LEVEL_IDS, accessLevelRefusal, assignableAccessLevels, canManageAccessLevel, type AccessLevelId } from './access-levels.ts';

const other = (...roles: Role[]) => ({ roles, isSelf: false });
const self = (...roles: Role[]) => ({ roles, isSelf: true });

describe('who may manage access levels (decision 0009)', () => {
  it('lets a superadmin grant, change and remove every level of someone else', () => {
    for (const from of [undefined, ...ACCESS_LEVEL_IDS]) {
      for (const to of ACCESS_LEVEL_IDS) {
        expect(canManageAccessLevel(['superadmin'], from, to)).toBe(true);
        expect(accessLevelRefusal(other('superadmin'), from, to)).toBeUndefined();
      }
    }
  });

  it('lets an admin manage employees, assistants and admins but never the superadmin level', () => {
    const below: AccessLevelId[] = ['employee', 'assistant', 'admin'];
    for (const from of [undefined, ...below]) for (const to of below) expect(accessLevelRefusal(other('admin'), from, to)).toBeUndefined();
    expect(accessLevelRefusal(other('admin'), undefined, 'superadmin')).toBe('grantSuperadmin');
    expect(accessLevelRefusal(other('admin'), 'employee', 'superadmin')).toBe('grantSuperadmin');
    expect(accessLevelRefusal(other('admin'), 'superadmin', 'admin')).toBe('manageSuperadmin');
    // Editing a superadmin's name, password or PIN, or deleting them, is "superadmin -> superadmin".
    expect(accessLevelRefusal(other('admin'), 'superadmin', 'superadmin')).toBe('manageSuperadmin');
    expect(canManageAccessLevel(['admin'], 'superadmin', 'superadmin')).toBe(false);
  });

  it('refuses everyone a change of their own level, but not an edit that keeps it', () => {
    expect(accessLevelRefusal(self('admin'), 'admin', 'superadmin')).toBe('ownAccessLevel');
    expect(accessLevelRefusal(self('admin'), 'admin', 'assistant')).toBe('ownAccessLevel');
    expect(accessLevelRefusal(self('superadmin'), 'superadmin', 'admin')).toBe('ownAccessLevel');
    expect(accessLevelRefusal(self('superadmin'), 'superadmin', 'superadmin')).toBeUndefined();
    expect(accessLevelRefusal(self('admin'), 'admin', 'admin')).toBeUndefined();
  });

  it('refuses callers who manage nobody', () => {
    expect(canManageAccessLevel(['assistant'], 'employee', 'employee')).toBe(false);
    expect(accessLevelRefusal(other('assistant'), undefined, 'employee')).toBe('notManager');
    expect(accessLevelRefusal(other('employee'), 'employee', 'admin')).toBe('notManager');
  });

  it('offers the form only the levels the server accepts, and always the stored one', () => {
    expect(assignableAccessLevels(other('admin'), undefined)).toEqual(['employee', 'assistant', 'admin']);
    expect(assignableAccessLevels(other('superadmin'), undefined)).toEqual(['employee', 'assistant', 'admin', 'superadmin']);
    expect(assignableAccessLevels(self('admin'), 'admin')).toEqual(['admin']);
    expect(assignableAccessLevels(self('superadmin'), 'superadmin')).toEqual(['superadmin']);
    expect(assignableAccessLevels(other('admin'), 'superadmin')).toEqual(['superadmin']);
  });
});
