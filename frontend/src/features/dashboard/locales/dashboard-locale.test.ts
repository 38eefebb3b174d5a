import { describe, expect, it } from 'vitest';
import { ACTION_STATES } from '@portal/shared/actions/action-states';
import { DASHBOARD_PANELS, DASHBOARD_TASK_STATUSES, RESPONSE_KEYS } from '@portal/shared/dashboard/dashboard-keys';
import { DASHBOARD_VARIANTS } from '@portal/shared/settings/dashboard-variants';
import { resources } from '../../../lib/i18n-resources.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const locale = (language: string) => resources[language]?.dashboard as unknown as Tree;

describe('dashboard locale', () => {
  it('has the same keys in English and German', () => {
    expect(keys(locale('de')).sort()).toEqual(keys(locale('en')).sort());
  });

  it('names every variant, panel, response, action state and task status the API can send', () => {
    for (const language of ['en', 'de']) {
      const strings = locale(language);
      const group = (name: string) => Object.keys(strings[name] as Tree).sort();
      expect(group('variants'), language).toEqual([...DASHBOARD_VARIANTS].sort());
      expect(group('panels'), language).toEqual([...DASHBOARD_PANELS].sort());
      expect(group('responses'), language).toEqual([...RESPONSE_KEYS].sort());
      expect(group('actionStates'), language).toEqual([...ACTION_STATES].sort());
      expect(group('taskStatuses'), language).toEqual([...DASHBOARD_TASK_STATUSES].sort());
    }
  });
});
