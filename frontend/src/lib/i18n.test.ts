import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18N_OPTIONS } from './i18n.ts';

describe('the i18n setup', () => {
  it('shows the English text for a key missing in German, never the key (issue 28)', async () => {
    const i18n = createInstance();
    await i18n.init({
      ...I18N_OPTIONS,
      lng: 'de',
      resources: { en: { app: { title: 'Staff portal', save: 'Save' } }, de: { app: { title: 'Mitarbeiterportal' } } },
    });
    expect(i18n.t('app:title')).toBe('Mitarbeiterportal');
    expect(i18n.t('app:save')).toBe('Save');
  });
});
