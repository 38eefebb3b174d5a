import type { ShiftTemplateShift } from '@portal/shared/shifts/shift.schema';
import { ShiftTemplateEntity, type ShiftTemplateItem } from './shift-template.entity.ts';

export interface StoredShiftTemplate {
  templateId: string;
  name: string;
  shifts: ShiftTemplateShift[];
  createdBy: string;
  createdAt: string;
}

const parse = (item: ShiftTemplateItem): StoredShiftTemplate => ({ ...item, shifts: JSON.parse(item.shifts) as ShiftTemplateShift[] });

// AP71
export async function listShiftTemplates(orgId: string): Promise<StoredShiftTemplate[]> {
  return (await ShiftTemplateEntity.query.byOrg({ orgId }).go({ pages: 'all' })).data.map(parse);
}

export async function getShiftTemplate(orgId: string, templateId: string): Promise<StoredShiftTemplate | null> {
  const { data } = await ShiftTemplateEntity.get({ orgId, templateId }).go();
  return data ? parse(data) : null;
}

export async function insertShiftTemplate(orgId: string, template: StoredShiftTemplate) {
  await ShiftTemplateEntity.create({ orgId, ...template, shifts: JSON.stringify(template.shifts) }).go();
}

export async function deleteShiftTemplateRow(orgId: string, templateId: string) {
  await ShiftTemplateEntity.delete({ orgId, templateId }).go();
}
