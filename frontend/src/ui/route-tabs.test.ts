import { describe, expect, it } from 'vitest';
import { activeTab } from './route-tabs.tsx';

describe('activeTab', () => {
  const tabs = [{ to: '/o/users' }, { to: '/o/users/devices' }, { to: '/o/users/user-groups' }];
  it('picks the most specific tab containing the path', () => {
    expect(activeTab(tabs, '/o/users')).toBe(tabs[0]);
    expect(activeTab(tabs, '/o/users/42/edit')).toBe(tabs[0]);
    expect(activeTab(tabs, '/o/users/devices/create')).toBe(tabs[1]);
    expect(activeTab(tabs, '/o/users/user-groups/g1/edit')).toBe(tabs[2]);
    expect(activeTab(tabs, '/o/devices')).toBeUndefined();
  });
});
