import { ShiftActivityTypeEntity } from './shift-activity-type.entity.ts';

// AP66: the organisation's activity types (settings list, recipient picker).
export async function listActivityTypes(orgId: string) {
  return (await ShiftActivityTypeEntity.query.byOrg({ orgId }).go({ pages: 'all' })).data;
}

export async function getActivityType(orgId: string, activityTypeId: string) {
  return (await ShiftActivityTypeEntity.get({ orgId, activityTypeId }).go()).data;
}

export async function insertActivityType(orgId: string, activityTypeId: string, fields: { name: string; color: string }, now: Date) {
  await ShiftActivityTypeEntity.create({ orgId, activityTypeId, ...fields, createdAt: now.toISOString() }).go();
}

/** Patch carries ElectroDB's attribute_exists condition, so a missing row is refused (conditionalWrite). */
export async function patchActivityType(orgId: string, activityTypeId: string, fields: { name: string; color: string }) {
  await ShiftActivityTypeEntity.patch({ orgId, activityTypeId }).set(fields).go();
}

export async function deleteActivityTypeRow(orgId: string, activityTypeId: string) {
  await ShiftActivityTypeEntity.delete({ orgId, activityTypeId }).go();
}
