import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { faqItems, guideSections, selectedSection } from './help-content.ts';

/** A t() over one locale file, enough for returnObjects lookups of a dotted key. */
function tOf(locale: unknown): TFunction {
  return ((key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], locale)) as unknown as TFunction;
}

describe('knowledge centre content', () => {
  it.each([
    ['en', en],
    ['de', de],
  ])('has at least 10 FAQ answers and every user guide area in %s', (_language, locale) => {
    expect(faqItems(tOf(locale)).length).toBeGreaterThanOrEqual(10);
    expect(guideSections(tOf(locale)).map((s) => s.id)).toEqual([
      'sign-in',
      'organizations',
      'sidebar',
      'notifications',
      'actions',
      'tasks',
      'schedule',
      'users',
      'devices',
      'settings',
      'automation',
      'developer-mode',
      'presentation-mode',
    ]);
  });

  it('explains the task lifecycle rules of spec 000 §4 in the FAQ', () => {
    const text = JSON.stringify(en.faq);
    for (const phrase of ['draft', 'scheduled', 'ongoing', 'overdue', 'completed', 'all declined', 'overdue-completed', 'content-only', "'Untitled Draft '", 'batch', 'template', 'Setup']) {
      expect(text, phrase).toContain(phrase);
    }
  });

  it('selects the requested section, else the first on wide screens only', () => {
    const sections = guideSections(tOf(en));
    expect(selectedSection(sections, 'tasks', true)?.id).toBe('tasks');
    expect(selectedSection(sections, 'nope', false)?.id).toBe('sign-in');
    expect(selectedSection(sections, null, true)).toBeNull();
  });
});
