import { describe, expect, it } from 'vitest';
import { settingsLandingRoute, visibleSettingsTabs } from './settings-tabs.ts';

describe('settings tabs', () => {
  it('sends superadmins to general and everyone else to shift-planner', () => {
    expect(settingsLandingRoute(['superadmin'])).toBe('/settings/general');
    expect(settingsLandingRoute(['admin'])).toBe('/settings/shift-planner');
    expect(settingsLandingRoute(['admin', 'superadmin'])).toBe('/settings/general');
  });

  it('hides the general tab from non-superadmins', () => {
    expect(visibleSettingsTabs(['superadmin']).map((t) => t.key)).toEqual([
      'general',
      'shiftPlanner',
      'tasks',
      'actions',
      'automation',
      'watch',
      'tablet',
    ]);
    expect(visibleSettingsTabs(['admin']).map((t) => t.key)).not.toContain('general');
    expect(visibleSettingsTabs(['admin'])).toHaveLength(6);
  });
});
