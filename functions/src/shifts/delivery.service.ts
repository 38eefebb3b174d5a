import { SHIFTS_MESSAGE_TYPE, type ShiftData, type ShiftsMessageData } from '@portal/shared/devices/shift-messages';
import { createEnvelope } from '@portal/shared/devices/topics';
import type { DeliveryKind, DeliveryMessage } from '../platform/delivery/delivery-consumer.ts';
import { enqueueDelivery } from '../platform/delivery/delivery-queue.ts';
import { messageIdFor } from '../platform/delivery/fan-out.ts';
import { topics } from '../platform/delivery/topics.ts';
import { listActivityTypes } from './activity-types.repository.ts';
import * as weeks from './shift-week.repository.ts';

/** The kind the shifts module registers with the delivery consumer (delivery.handler.ts). */
export const SHIFTS_KIND = 'shifts';

/**
 * The envelope id of a week's message to one person: fixed per publish (its instant) and person, so
 * a retried batch repeats the id and the watch drops it; a later publish is a new message.
 */
export const shiftsMessageIdFor = (week: string, publishedAt: string, userId: string) => messageIdFor(SHIFTS_KIND, week, publishedAt, userId);

/**
 * After a publish (decision 0033): the affected people are queued for the shifts delivery
 * function, one recipient each. The reference is the week: the consumer reads the week row, what
 * was published, so the message never carries a draft made after the publish.
 */
export async function notifyPublished(orgId: string, week: string, userIds: readonly string[]): Promise<void> {
  await enqueueDelivery(orgId, { module: 'shifts', kind: SHIFTS_KIND, id: week }, userIds.map((userId) => ({ userId, groupNumber: 0 })));
}

type ActivityTypes = ReadonlyMap<string, { name: string; color: string }>;

/**
 * One person's published shifts of the week, by start, as the message carries them. An activity
 * whose type was deleted since is left out: the watch could neither name nor colour it.
 */
export function personShifts(published: readonly weeks.PublishedShift[], userId: string, types: ActivityTypes): ShiftData[] {
  return published
    .filter((s) => s.userId === userId)
    .sort((a, b) => a.startAt.localeCompare(b.startAt))
    .map((s) => ({
      shift_id: s.shiftId,
      name: s.name,
      start_at: s.startAt,
      end_at: s.endAt,
      activities: s.activities.flatMap((a) => {
        const type = types.get(a.activityTypeId);
        return type ? [{ activity_type_id: a.activityTypeId, name: type.name, color: type.color, start_at: a.startAt, end_at: a.endAt }] : [];
      }),
    }));
}

/**
 * A week's message as the delivery consumer publishes it. No status rows: the message is the
 * week as it stands, so a retried batch sends it again whole (same envelope id, dropped by a watch
 * that has it).
 */
export function shiftsMessage(orgId: string, week: string, state: { publishedAt: string; published: readonly weeks.PublishedShift[] }, types: ActivityTypes): DeliveryMessage {
  const sentAt = new Date(state.publishedAt);
  return {
    message: ({ userId }) => {
      const data: ShiftsMessageData = { kind: 'shifts', week, shifts: personShifts(state.published, userId, types) };
      return { topic: topics.inbox(orgId, userId), payload: JSON.stringify(createEnvelope(SHIFTS_MESSAGE_TYPE, data, shiftsMessageIdFor(week, state.publishedAt, userId), sentAt)) };
    },
  };
}

/**
 * Loads a week for the consumer: what its last publish holds (a batch that waited while the week
 * was published again sends the newer week, with that publish's id, which the newer batch repeats).
 */
export const shiftsDelivery: DeliveryKind = {
  async load(orgId, week) {
    const [state, types] = await Promise.all([weeks.getWeek(orgId, week, { consistent: true }), listActivityTypes(orgId)]);
    if (!state) return null;
    return shiftsMessage(orgId, week, state, new Map(types.map((t) => [t.activityTypeId, { name: t.name, color: t.color }])));
  },
};
