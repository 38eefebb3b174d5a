import type { TriggerMenu } from '@portal/shared/automation/automation.schema';
import { parseButtonEvent, type ButtonPress } from '@portal/shared/devices/button-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import { topics } from '../platform/delivery/topics.ts';
import { runUplinkOnce, type UplinkSender } from '../platform/delivery/uplink-dedupe.ts';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { fireTrigger } from './fire.service.ts';
import { requireTrigger, triggerMenuOf } from './triggers.service.ts';
import { buttonsOfDevice, menuGroupOf } from './trigger-menus.service.ts';

/**
 * fired / throttled: the trigger's firing was recorded with that outcome; duplicate: this envelope
 * counted before; unmapped: the press names no trigger of the device's menu (logged, dropped);
 * ignored: no button press of a device or user of the organisation.
 */
export type ButtonOutcome = 'fired' | 'throttled' | 'duplicate' | 'unmapped' | 'ignored';

/** Envelope ids become key parts: a UUID or similar, never '#'. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The menu's trigger the press names: by id when it sends one (it must be in the menu), else by 1-based position. */
export function triggerOfPress(menu: TriggerMenu | null, press: ButtonPress): string | undefined {
  if (!menu) return undefined;
  if (press.trigger_id) return menu.triggers.some((t) => t.id === press.trigger_id) ? press.trigger_id : undefined;
  return press.position ? menu.triggers[press.position - 1]?.id : undefined;
}

/**
 * A button press (docs/device-protocol.md §5) from a device's events topic (a watch's physical
 * button, a kiosk tablet's button: source 'button') or a user's own (the watch emulator's menu:
 * source 'menu'). It maps through the trigger group the device or user offers now, by the rule of
 * the config message: a tablet's group of `tablet.trigger_group_map`, a watch's or a person's trigger
 * menu while the organisation has menus on and offers it. The pressing person is the device's user
 * or the topic's, never one named in the message. Each envelope fires once (`runUplinkOnce`); a press
 * that maps to nothing, or while automation is off, is logged and dropped, never retried.
 */
export async function applyButtonPress(topic: string, envelope: Envelope, now = new Date()): Promise<ButtonOutcome> {
  const source = topics.parse(topic);
  const press = parseButtonEvent(envelope.type, envelope.data);
  if (!source || (source.kind !== 'events' && source.kind !== 'userEvents') || !press || !SAFE_ID.test(envelope.id)) return 'ignored';
  const orgId = source.orgId;
  let pressedBy: { deviceId: string | null; userId: string | null; groupId: string | null };
  if (source.kind === 'events') {
    const buttons = await buttonsOfDevice(orgId, source.deviceId);
    if (!buttons) return 'ignored';
    pressedBy = { deviceId: source.deviceId, userId: buttons.userId, groupId: buttons.triggerGroupId };
  } else {
    pressedBy = { deviceId: null, userId: source.userId, groupId: await menuGroupOf(orgId, source.userId) };
  }
  const { deviceId, userId, groupId } = pressedBy;
  const unmapped = (reason: string) => {
    logger.info('Button press not mapped to a trigger', { orgId, deviceId, userId, triggerGroupId: groupId, press, reason, id: envelope.id });
    return 'unmapped' as const;
  };
  const triggerId = triggerOfPress(groupId ? await triggerMenuOf(orgId, groupId) : null, press);
  // No group also while automation is off for the organisation (the config's rule).
  if (!triggerId) return unmapped(groupId ? 'not in the trigger group' : 'no trigger group');

  const sender: UplinkSender = deviceId ? { orgId, senderKind: 'DEVICE', senderId: deviceId, messageId: envelope.id } : { orgId, senderKind: 'USER', senderId: userId!, messageId: envelope.id };
  // A trigger deleted between the menu's read and the firing is the press's own fault: the marker
  // stays and it is not retried. Anything else (the jobs not queued: 503) gives the marker back and
  // throws, so the platform's retry fires it.
  const refused = (error: unknown) => error instanceof NotFoundError;
  try {
    const once = await runUplinkOnce(
      sender,
      async () => fireTrigger(orgId, await requireTrigger(orgId, triggerId), { source: deviceId ? 'button' : 'menu', deviceId, userId }, now),
      refused,
      now,
    );
    if (!once.ran) return 'duplicate';
    return once.result.outcome;
  } catch (error) {
    if (refused(error)) return unmapped((error as Error).message);
    throw error;
  }
}
