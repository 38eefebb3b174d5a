import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { durationParts, durationText, type CountTranslate } from './duration-text.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A real i18next with the dashboard's strings, so the plurals are i18next's own. */
const i18n = i18next.createInstance();
const translate = (language: 'en' | 'de'): CountTranslate => i18n.getFixedT(language, 'dashboard');

beforeAll(async () => {
  await i18n.init({ resources: { en: { dashboard: en }, de: { dashboard: de } }, lng: 'en', fallbackLng: false, interpolation: { escapeValue: false } });
});

describe('dashboard durations: days, hours, minutes, the largest two units', () => {
  it('tells 59 s in seconds (under a minute)', () => {
    expect(durationParts(59 * SECOND)).toEqual([{ unit: 'seconds', value: 59 }]);
    expect(durationText(59 * SECOND, translate('en'))).toBe('59 seconds');
    expect(durationText(59 * SECOND, translate('de'))).toBe('59 Sekunden');
  });

  it('tells 1 h as "1 hour", leaving out the zero minutes', () => {
    expect(durationParts(HOUR)).toEqual([{ unit: 'hours', value: 1 }]);
    expect(durationText(HOUR, translate('en'))).toBe('1 hour');
    expect(durationText(HOUR, translate('de'))).toBe('1 Stunde');
  });

  it('tells 1 d 23 h 59 m as "1 day 23 hours": two units, floored, never a day it has not reached', () => {
    const ms = DAY + 23 * HOUR + 59 * MINUTE + 59 * SECOND;
    expect(durationParts(ms)).toEqual([
      { unit: 'days', value: 1 },
      { unit: 'hours', value: 23 },
    ]);
    expect(durationText(ms, translate('en'))).toBe('1 day 23 hours');
    expect(durationText(ms, translate('de'))).toBe('1 Tag 23 Stunden');
  });

  it('uses the plural forms of both languages', () => {
    expect(durationText(DAY + 3 * HOUR, translate('en'))).toBe('1 day 3 hours');
    expect(durationText(4 * MINUTE, translate('en'))).toBe('4 minutes');
    expect(durationText(2 * DAY + HOUR, translate('de'))).toBe('2 Tage 1 Stunde');
    expect(durationText(MINUTE + 30 * SECOND, translate('de'))).toBe('1 Minute');
    expect(durationText(SECOND, translate('en'))).toBe('1 second');
  });

  it('skips a zero middle unit rather than jumping to a smaller one', () => {
    expect(durationText(2 * DAY + 5 * MINUTE, translate('en'))).toBe('2 days');
  });

  it('reads nothing, negative or non-finite as 0 seconds', () => {
    for (const ms of [0, -5 * SECOND, Number.NaN, Number.POSITIVE_INFINITY]) expect(durationText(ms, translate('en'))).toBe('0 seconds');
  });
});
