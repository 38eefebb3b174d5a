import type { TabletTriggerGroup } from '@portal/shared/settings/general-settings.schema';

/** Each listed tablet's trigger group from the stored map, by device id ('' for none). */
export function groupsOfTablets(tablets: readonly { id: string }[], map: readonly TabletTriggerGroup[]): Record<string, string> {
  return Object.fromEntries(tablets.map((tablet) => [tablet.id, map.find((entry) => entry.device_id === tablet.id)?.trigger_group_id ?? '']));
}

/** Whether any listed tablet's choice differs from the stored one. */
export function isChanged(tablets: readonly { id: string }[], chosen: Record<string, string>, stored: Record<string, string>): boolean {
  return tablets.some((tablet) => (chosen[tablet.id] ?? '') !== (stored[tablet.id] ?? ''));
}

/**
 * The map to save: one row per listed tablet with a group, in the list's order. Tablets not listed
 * (deleted since) drop out; "None" leaves a tablet out.
 */
export function toTriggerGroupMap(tablets: readonly { id: string }[], chosen: Record<string, string>): TabletTriggerGroup[] {
  return tablets.flatMap((tablet) => (chosen[tablet.id] ? [{ device_id: tablet.id, trigger_group_id: chosen[tablet.id]! }] : []));
}
