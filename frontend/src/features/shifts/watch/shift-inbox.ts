import { parseShiftsDownlink, supersedesShown } from '@portal/shared/devices/shift-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import { formatDay, formatTime, todayIn } from '../../../lib/zoned-time.ts';
import type { WatchMessage } from '../../../watch/watch-message.ts';

/**
 * The inbox after a `shifts` envelope (docs/device-protocol.md §5, shifts; decision 0033): one card
 * per week, replaced by the week's next message and shown unread again, since a re-publish means
 * the person's shifts changed. What the watch cannot read whole changes nothing, nor does a message of
 * an earlier publish than the one shown (QoS 1 keeps no order).
 */
export function applyShiftsEnvelope(messages: readonly WatchMessage[], envelope: Envelope): WatchMessage[] {
  const parsed = parseShiftsDownlink(envelope.type, envelope.data);
  if (!parsed) return [...messages];
  const shown = messages.find((m) => m.kind === 'shifts' && m.messageId === parsed.week);
  if (!supersedesShown(envelope.sent_at, shown?.sentAt)) return [...messages];
  const card: WatchMessage = {
    envelopeId: envelope.id,
    kind: 'shifts',
    messageId: parsed.week,
    title: '',
    body: '',
    sentAt: envelope.sent_at,
    data: envelope.data,
    read: false,
    shifts: parsed,
  };
  return [card, ...messages.filter((m) => !(m.kind === 'shifts' && m.messageId === parsed.week))];
}

/** A shift's day and hours as the watch says them ("Mon, 8 Mar", "08:00–16:00"), in the organisation's zone. */
export function formatShiftTimes(startAt: string, endAt: string, language: string, timeZone: string): { day: string; hours: string } {
  const day = formatDay(todayIn(timeZone, new Date(startAt)), language, { weekday: 'short', day: 'numeric', month: 'short' });
  return { day, hours: `${formatTime(startAt, language, timeZone)}–${formatTime(endAt, language, timeZone)}` };
}
