import type { ShiftTemplateShift } from '@portal/shared/shifts/shift.schema';
import { ShiftTemplateEntity, type ShiftTemplateItem } from './shift-template.entity.ts';

export interface StoredTemplate {
  templateId: string;
  name: string;
  shifts: ShiftTemplateShift[];
  createdBy: string;
  createdAt: string;
}

const parse = (item: ShiftTemplateItem): StoredTemplate => ({ ...item, shifts: JSON.parse(item.shifts) as ShiftTemplateShift[] });

// AP71
export async function listTemplates(orgId: string): Promise<StoredTemplate[]> {
  return (await ShiftTemplateEntity.query.byOrg({ orgId }).go({ pages: 'all' })).data.map(parse);
}

export async function getTemplate(orgId: string, templateId: string): Promise<StoredTemplate | null> {
  const { data } = await ShiftTemplateEntity.get({ orgId, templateId }).go();
  return data ? parse(data) : null;
}

export async function insertTemplate(orgId: string, template: StoredTemplate) {
  await ShiftTemplateEntity.create({ orgId, ...template, shifts: JSON.stringify(template.shifts) }).go();
}

export async function deleteTemplateRow(orgId: string, templateId: string) {
  await ShiftTemplateEntity.delete({ orgId, templateId }).go();
}
