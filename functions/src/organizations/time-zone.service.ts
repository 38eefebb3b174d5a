import { HTTP_MESSAGES } from '@portal/shared/api/server-messages';
import { isKnownTimeZone, TIME_ZONE_MESSAGES, type TimeZonePatch } from '@portal/shared/organizations/time-zone.schema';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { setOrganizationTimeZone } from './organizations.repository.ts';

/** A zone name: letters first, then letters, digits and _ + - /. Offsets such as +01:00 (newer runtimes take them) are no IANA name. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * The name as stored: the runtime's own spelling when it lists the zone (so 'europe/berlin' is
 * kept as 'Europe/Berlin'), else the name as sent. Not `resolvedOptions().timeZone`: that turns
 * today's names into ICU's older ones (Europe/Kyiv into Europe/Kiev).
 */
export function storedZoneName(value: string): string | null {
  if (!ZONE_NAME.test(value) || !isKnownTimeZone(value)) return null;
  const lower = value.toLowerCase();
  return [...Intl.supportedValuesOf('timeZone'), 'UTC'].find((zone) => zone.toLowerCase() === lower) ?? value;
}

/**
 * Spec 001 §7: `[{ op: 'add', path: '/time_zone', value }]` on the organisation row. Items already
 * planned keep the zone they were planned in (a series stores its own); what is planned from now
 * on uses the new one (decision 0042).
 */
export async function updateTimeZone(orgId: string, patch: TimeZonePatch, actor: AuditActor): Promise<{ time_zone: string }> {
  const zone = storedZoneName(patch[0]!.value);
  if (!zone) throw InvalidInputError.onField('time_zone', TIME_ZONE_MESSAGES.notFound);
  const before = await organizationTimeZone(orgId);
  // The path's organisation passed authorisation, so its row exists; a missing row is no one's to create here.
  if (!(await setOrganizationTimeZone(orgId, zone))) throw new NotFoundError(HTTP_MESSAGES.notFound);
  // The zone is set on /settings/general, so the trail shows it with general settings.
  await recordChange(orgId, actor, settingsChange('general', { time_zone: before }, { time_zone: zone }));
  return { time_zone: zone };
}
