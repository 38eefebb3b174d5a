import { describe, expect, it } from 'vitest';
import { LANGUAGES, NOTIFICATION_MESSAGE_MAX } from '@portal/shared/constants';
import { END_BEFORE_SEND, REPEAT_END_REQUIRED, SEND_IN_PAST, TITLE_REQUIRED } from '@portal/shared/notifications/notification.schema';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { resources } from '../../../lib/i18n-resources.ts';
import { NO_DAYS, validateNotificationForm } from '../utils/notification-validation.ts';
import { emptyFormValues } from '../utils/notification-form-model.ts';

// The forms work in the organisation's zone; these expectations are written in the zone the tests run in.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const locale = (language: string) => resources[language]?.notifications as unknown as Tree;

describe('notifications locale', () => {
  it('use the spec’s wording', () => {
    const en = locale('en');
    expect(en.tabs).toEqual({ sent: 'Sent', scheduled: 'Scheduled', templates: 'Templates' });
    expect(en.form).toMatchObject({ titlePlaceholder: 'Add Title', messagePlaceholder: 'Add a message', recipientsPlaceholder: 'Add Recipients', saveAsTemplate: 'Save as template' });
    expect((en.form as Tree).shortcuts).toEqual({ everyday: 'Everyday', weekdays: 'Weekdays', weekends: 'Weekends', custom: 'Custom' });
    expect(en.confirm).toMatchObject({ justThisOne: 'Just this one', allOccurrences: 'All Occurrences' });
    expect(en.states).toEqual({ NotSent: 'Not Sent', Sent: 'Sent', Read: 'Read' });
  });

  it('have the same keys in English and German', () => {
    expect(keys(locale('de')).sort()).toEqual(keys(locale('en')).sort());
  });

  it('translate every message the form can show', () => {
    const now = new Date(2025, 2, 3, 10, 0);
    const values = { ...emptyFormValues(now, ZONE), title: 'x'.repeat(28), message: 'y'.repeat(NOTIFICATION_MESSAGE_MAX + 1) };
    const messages = new Set([
      ...Object.values(validateNotificationForm(values, { timeZone: ZONE, mode: 'create', now })),
      TITLE_REQUIRED,
      SEND_IN_PAST,
      END_BEFORE_SEND,
      REPEAT_END_REQUIRED,
      NO_DAYS,
      NO_RECIPIENTS,
    ]);
    for (const language of LANGUAGES) {
      for (const message of messages) expect((locale(language).validation as Tree)[message!], `${language}: ${message}`).toEqual(expect.any(String));
    }
  });
});
