import { END_BEFORE_SEND, SEND_IN_PAST, type NotificationInput } from '@portal/shared/notifications/notification.schema';
import { decideSend, isOccurrenceDay, occurrenceAfter, repeatEndIsAfterSend, seriesOf } from '@portal/shared/notifications/send-time';
import type { Series } from '@portal/shared/scheduling/recurrence';
import { seriesFrom } from '@portal/shared/scheduling/series-time';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';

/** What a create or a full edit does: send now, schedule once, or start a series. */
export type SendPlan =
  | { kind: 'now' }
  | { kind: 'later'; at: Date }
  | {
      kind: 'series';
      series: Series;
      /** The next occurrence the scheduler fires, or null when only `immediate` is left. */
      first: Date | null;
      /** "Right now" on an occurrence day: this occurrence is sent at once. */
      immediate: Date | null;
    };

export interface PlanOptions {
  /**
   * An edit of an existing series ('All Occurrences'): its first send may lie in the past (the
   * series goes on from now), and nothing is sent at once: today's occurrence went out already.
   */
  seriesEdit?: boolean;
}

/**
 * The send rules of spec 000 §5 against the clock: a send time more than a minute ago is refused,
 * a series needs an end date after the send, in the organisation's time zone.
 */
export async function planSend(orgId: string, input: Pick<NotificationInput, 'config'>, now: Date, options: PlanOptions = {}): Promise<SendPlan> {
  const recurring = input.config.recurring;
  let decision = decideSend(input.config.send, now);
  if (decision.kind === 'past' && recurring && options.seriesEdit) decision = { kind: 'now' };
  if (decision.kind === 'past') throw InvalidInputError.onField('config.send', SEND_IN_PAST);
  if (!recurring) return decision;

  const sendAt = decision.kind === 'later' ? decision.at : now;
  // The end date is a toggle (spec 000 §5): without one the series runs until it is deleted.
  if (recurring.range.end && !repeatEndIsAfterSend(recurring, sendAt)) throw InvalidInputError.onField('config.recurring.range.end', END_BEFORE_SEND);
  const inZone = seriesOf(recurring, await organizationTimeZone(orgId));
  // A chosen first send date starts the series there.
  const series = seriesFrom(inZone, sendAt);
  const immediate = decision.kind === 'now' && !options.seriesEdit && isOccurrenceDay(series, now) ? now : null;
  const first = occurrenceAfter(series, now);
  if (!first && !immediate && !options.seriesEdit) throw InvalidInputError.onField('config.recurring.range.end', END_BEFORE_SEND);
  return { kind: 'series', series, first, immediate };
}
