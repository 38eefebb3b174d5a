import { array, mixed, object, string, type InferType } from 'yup';
import { serverMessages } from '../api/server-messages.ts';

/**
 * The organisation's time zone update (spec 001 §7, §8): patch-style, one operation
 * `{ op: 'add', path: '/time_zone', value }`. 'Time zone not found' for a name the IANA database
 * does not know; 'Invalid time zone' for anything that is not such an operation; the page shows
 * 'Failed to update time zone' when the call fails and puts the old zone back.
 */
export const TIME_ZONE_MESSAGES = serverMessages('timeZone', {
  invalid: 'Invalid time zone',
  notFound: 'Time zone not found',
  failed: 'Failed to update time zone',
});

export const timeZonePatchSchema = array(
  object({
    op: mixed<'add'>().oneOf(['add'], TIME_ZONE_MESSAGES.invalid).required(TIME_ZONE_MESSAGES.invalid),
    path: mixed<'/time_zone'>().oneOf(['/time_zone'], TIME_ZONE_MESSAGES.invalid).required(TIME_ZONE_MESSAGES.invalid),
    value: string().max(64, TIME_ZONE_MESSAGES.invalid).required(TIME_ZONE_MESSAGES.invalid),
  }),
)
  .min(1, TIME_ZONE_MESSAGES.invalid)
  .max(1, TIME_ZONE_MESSAGES.invalid)
  .required(TIME_ZONE_MESSAGES.invalid);
export type TimeZonePatch = InferType<typeof timeZonePatchSchema>;

/** Whether the runtime's IANA database knows the zone (Intl throws a RangeError otherwise). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
