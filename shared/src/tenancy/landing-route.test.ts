import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from './features.ts';
import { NO_ACCESS_ROUTE, isFeatureAvailable, landingRoute } from './landing-route.ts';

const allOff: FeatureFlags = {
  dashboard: 'disable',
  shift_planner: 'disable',
  notifications: 'disable-and-hide',
  tasks: 'disable',
  actions: 'disable',
  automation: 'disable',
  reports: 'disable',
};

describe('landing route (spec 000 §2)', () => {
  it('is the dashboard when it and a dashboard variant are enabled', () => {
    expect(landingRoute({ flags: DEFAULT_FEATURE_FLAGS, anyDashboardEnabled: true, roles: ['admin'] })).toBe('/dashboard');
  });

  it('skips the dashboard when no dashboard is enabled', () => {
    expect(landingRoute({ flags: DEFAULT_FEATURE_FLAGS, anyDashboardEnabled: false, roles: ['admin'] })).toBe('/schedule');
  });

  it('takes the first enabled feature in sidebar order', () => {
    const flags = { ...allOff, tasks: 'enable', actions: 'enable' } as const;
    expect(landingRoute({ flags, anyDashboardEnabled: true, roles: ['admin'] })).toBe('/tasks');
  });

  it('is the no-access page when nothing is enabled', () => {
    expect(landingRoute({ flags: allOff, anyDashboardEnabled: true, roles: ['superadmin'] })).toBe(NO_ACCESS_ROUTE);
  });

  it('never lands an assistant on automation', () => {
    const flags = { ...allOff, automation: 'enable' } as const;
    expect(isFeatureAvailable('automation', { flags, anyDashboardEnabled: false, roles: ['assistant'] })).toBe(false);
    expect(landingRoute({ flags, anyDashboardEnabled: false, roles: ['assistant'] })).toBe(NO_ACCESS_ROUTE);
    expect(landingRoute({ flags, anyDashboardEnabled: false, roles: ['admin'] })).toBe('/automation');
  });

  it('reads missing flags as their defaults', () => {
    expect(landingRoute({ flags: { dashboard: 'disable' }, anyDashboardEnabled: true, roles: ['assistant'] })).toBe('/schedule');
  });
});
