import { describe, expect, it } from 'vitest';
import { orgPaths } from '../../../lib/paths.ts';
import { listUsersQuery, matchesFilter, normaliseFilter, withFilter } from './users-filter.ts';
import { VIEW_ROUTES, usersViewOf } from './users-view.ts';

describe('the users search', () => {
  it('normalises what was typed: trimmed, collapsed, at most 64 characters', () => {
    expect(normaliseFilter('  ada   love ')).toBe('ada love');
    expect(normaliseFilter(null)).toBe('');
    expect(normaliseFilter('x'.repeat(80))).toHaveLength(64);
  });

  it('keeps the search in the filter query parameter, next to the others', () => {
    expect(withFilter('', 'ada')).toBe('?filter=ada');
    expect(withFilter('?developer-mode=true&filter=old', 'new name')).toBe('?developer-mode=true&filter=new+name');
    expect(withFilter('?filter=ada&cardstate=lock', '  ')).toBe('?cardstate=lock');
    expect(withFilter('?filter=ada', '')).toBe('');
  });

  it('asks the server for the tab’s kind, the filter and the next page', () => {
    expect(listUsersQuery('person', '')).toEqual({ kind: 'person' });
    expect(listUsersQuery('device', ' tab ', 'tok')).toEqual({ kind: 'device', filter: 'tab', next_token: 'tok' });
  });

  it('matches short lists by the start of any word, ignoring case and accents', () => {
    expect(matchesFilter(['Night Shift'], 'shi')).toBe(true);
    expect(matchesFilter(['Müller Team'], 'mull')).toBe(true);
    expect(matchesFilter(['Everyone'], 'one')).toBe(false);
    expect(matchesFilter(['Anything'], '')).toBe(true);
  });
});

describe('users views', () => {
  it('knows the tab of every route, overlays included', () => {
    expect(usersViewOf('/users')).toBe('people');
    expect(usersViewOf('/users/create')).toBe('people');
    expect(usersViewOf('/users/u1/edit')).toBe('people');
    expect(usersViewOf('/users/devices/u1/edit')).toBe('devices');
    expect(usersViewOf('/users/user-groups/create')).toBe('groups');
    expect(usersViewOf('/users/access-levels')).toBe('access-levels');
  });

  it('has add buttons on all tabs but access levels', () => {
    expect(VIEW_ROUTES.people.add).toBe('addUser');
    expect(VIEW_ROUTES.devices.add).toBe('addUser');
    expect(VIEW_ROUTES.groups.add).toBe('addGroup');
    expect(VIEW_ROUTES['access-levels'].add).toBeUndefined();
    expect(VIEW_ROUTES.devices.create).toBe(orgPaths.usersDevicesCreate);
  });
});
