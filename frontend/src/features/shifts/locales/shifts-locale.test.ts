import { describe, expect, it } from 'vitest';
import { resources } from '../../../lib/i18n-resources.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const locale = (language: string) => resources[language]?.shifts as unknown as Tree;

describe('shifts locale', () => {
  it('has the same keys in English and German', () => {
    expect(keys(locale('de')).sort()).toEqual(keys(locale('en')).sort());
  });

  it('names the ISO week in both languages', () => {
    expect((locale('en').toolbar as Tree).week).toBe('Week {{week}}, {{year}}');
    expect((locale('de').toolbar as Tree).week).toBe('KW {{week}}, {{year}}');
  });
});

describe('shifts locale: what the planner can show', () => {
  it('translates every warning kind and every message of the shift form and the template name', async () => {
    const { SHIFT_MESSAGES } = await import('@portal/shared/shifts/shift.schema');
    const { shiftTemplateNameError } = await import('../utils/shift-template-name.ts');
    const templateName = [shiftTemplateNameError(''), shiftTemplateNameError('x'.repeat(51))] as string[];
    const shown = [SHIFT_MESSAGES.userRequired, SHIFT_MESSAGES.startRequired, SHIFT_MESSAGES.endRequired, SHIFT_MESSAGES.activityTypeRequired, SHIFT_MESSAGES.activityOutsideShift, 'nameTooLong', ...templateName];
    for (const language of ['en', 'de']) {
      const tree = locale(language);
      for (const kind of ['overlap', 'short_rest', 'no_activity']) expect((tree.warnings as Tree)[kind], `${language}: ${kind}`).toBeTruthy();
      for (const text of shown) expect((tree.validation as Tree)[text], `${language}: ${text}`).toBeTruthy();
    }
  });
});
