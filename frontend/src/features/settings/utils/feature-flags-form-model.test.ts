import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from '@portal/shared/tenancy/features';
import { toFormValues, toUpdateInput, toggleDashboard } from './feature-flags-form-model.ts';

describe('feature flags form', () => {
  it('fills missing flags with their defaults and keeps known dashboards in order', () => {
    const values = toFormValues({
      general: {
        features: { ...DEFAULT_FEATURE_FLAGS, tasks: 'disable' },
        dashboards: ['custom', 'tasks'],
        is_trigger_menus_enabled: false,
        trigger_menus_trigger_group_ids: [],
        tablet: { trigger_group_map: [] },
      },
    });
    expect(values.features.tasks).toBe('disable');
    expect(values.features.dashboard).toBe('enable');
    expect(values.dashboards).toEqual(['tasks', 'custom']);
    expect(toFormValues(undefined)).toEqual({ features: DEFAULT_FEATURE_FLAGS, dashboards: [] });
  });

  it('sends every feature key and the dashboards', () => {
    const input = toUpdateInput({ features: { ...DEFAULT_FEATURE_FLAGS, automation: 'disable-and-hide' }, dashboards: ['actions'] });
    expect(input).toEqual({ general: { features: { ...DEFAULT_FEATURE_FLAGS, automation: 'disable-and-hide' }, dashboards: ['actions'] } });
  });

  it('toggles a dashboard variant', () => {
    expect(toggleDashboard(['custom'], 'tasks', true)).toEqual(['tasks', 'custom']);
    expect(toggleDashboard(['tasks', 'custom'], 'tasks', false)).toEqual(['custom']);
    expect(toggleDashboard(['tasks'], 'tasks', true)).toEqual(['tasks']);
  });
});
