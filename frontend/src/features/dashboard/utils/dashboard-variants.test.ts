import { describe, expect, it } from 'vitest';
import { enabledVariants, variantTabs } from './dashboard-variants.ts';

describe('dashboard variants', () => {
  it('keeps the enabled ones in the settings order, dropping unknown names', () => {
    expect(enabledVariants(['custom', 'tasks', 'weather'])).toEqual(['tasks', 'custom']);
    expect(enabledVariants([])).toEqual([]);
  });

  it('has no tabs for one dashboard', () => {
    expect(variantTabs(['actions'])).toEqual([]);
  });

  it('links the first enabled tab to /dashboard, where it is shown, and the others to their own paths', () => {
    expect(variantTabs(['actions', 'custom'])).toEqual([
      { variant: 'actions', to: '/dashboard' },
      { variant: 'custom', to: '/dashboard/custom' },
    ]);
    expect(variantTabs(['tasks', 'actions', 'custom']).map((tab) => tab.to)).toEqual(['/dashboard', '/dashboard/actions', '/dashboard/custom']);
  });
});
