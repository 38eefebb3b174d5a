import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES, LANGUAGES, WEEKDAYS } from '@portal/shared/constants';
import { TABLET_SETTINGS_MESSAGES } from '@portal/shared/devices/tablet-settings.schema';
import { resources } from '../../../lib/i18n-resources.ts';

type Locale = Record<string, Record<string, unknown>>;
const locale = (language: string) => resources[language]?.devices as unknown as Locale;

describe('devices locale', () => {
  it('uses the spec’s texts in English and translates them', () => {
    const en = locale('en');
    expect(en.validation).toMatchObject({
      'Serial number is required': 'Serial number is required',
      'Device type is required': 'Device type is required',
      [TABLET_SETTINGS_MESSAGES.startBeforeEnd]: 'start time must be before end time',
    });
    expect(en.list).toMatchObject({ online: 'Online', offline: 'Offline', lastSeen: 'Last seen' });
    expect((en.tablet as { status: unknown }).status).toEqual({ active: 'On', inactive: 'Off', scheduled: 'Schedule' });
    for (const language of LANGUAGES) {
      const l = locale(language);
      for (const key of Object.keys(en.validation!)) expect(l.validation?.[key], `${language}: ${key}`).toEqual(expect.any(String));
      for (const type of DEVICE_TYPES) expect(l.types?.[type]).toEqual(expect.any(String));
      for (const day of WEEKDAYS) expect(l.weekdays?.[day]).toEqual(expect.any(String));
      for (const key of ['status', 'online', 'offline', 'lastSeen', 'now', 'never']) expect(l.list?.[key], `${language}: list.${key}`).toEqual(expect.any(String));
    }
  });
});
