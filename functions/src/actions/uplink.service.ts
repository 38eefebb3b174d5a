import { parseActionEvent } from '@portal/shared/devices/action-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import { userOfDevice } from '../devices/public.ts';
import { topics } from '../platform/delivery/topics.ts';
import { answerAction, type AnswerResult } from './answers.service.ts';

/** Envelope ids become key parts: a UUID or similar, never '#'. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * An `accepted` or `declined` of an action from a device's or a user's own events topic. The user
 * is the topic's (a user topic) or the device's (its row), never one named in the message; the
 * envelope id is recorded with the answer in one transaction (AP82), so a replay counts once.
 */
export async function applyAnswer(topic: string, envelope: Envelope, now = new Date()): Promise<AnswerResult> {
  const source = topics.parse(topic);
  const event = parseActionEvent(envelope.type, envelope.data);
  if (!source || (source.kind !== 'events' && source.kind !== 'userEvents') || !event || !SAFE_ID.test(envelope.id)) return 'ignored';
  const sender = source.kind === 'events' ? { senderKind: 'DEVICE' as const, senderId: source.deviceId } : { senderKind: 'USER' as const, senderId: source.userId };
  const userId = source.kind === 'events' ? await userOfDevice(source.orgId, source.deviceId) : source.userId;
  if (!userId) return 'ignored';
  return answerAction(
    { orgId: source.orgId, actionId: event.action_id, userId, answer: event.answer, ...(event.at ? { at: event.at } : {}), envelope: { ...sender, messageId: envelope.id } },
    now,
  );
}
