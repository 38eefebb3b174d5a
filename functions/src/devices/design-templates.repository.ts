import { isConditionFailure } from '../platform/tenancy/user-accounts.repository.ts';
import { DesignTemplateEntity, type DesignTemplateItem } from './design-template.entity.ts';

/** AP36: ids and names only; the large design_settings stay behind. */
export async function listTemplateSummaries(orgId: string): Promise<Array<{ templateId: string; name: string }>> {
  const { data } = await DesignTemplateEntity.query.byId({ orgId }).go({ pages: 'all', attributes: ['templateId', 'name'] });
  return data;
}

/** AP37 */
export async function getTemplate(orgId: string, templateId: string): Promise<DesignTemplateItem | null> {
  const { data } = await DesignTemplateEntity.get({ orgId, templateId }).go();
  return data;
}

export async function insertTemplate(template: DesignTemplateItem): Promise<void> {
  await DesignTemplateEntity.create(template).go();
}

/** Replaces a template that still exists; false when it is gone. */
export async function replaceTemplate(template: DesignTemplateItem): Promise<boolean> {
  try {
    await DesignTemplateEntity.put(template)
      .where((attr, op) => op.exists(attr.templateId))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** False when there was nothing to delete. */
export async function removeTemplate(orgId: string, templateId: string): Promise<boolean> {
  try {
    await DesignTemplateEntity.delete({ orgId, templateId })
      .where((attr, op) => op.exists(attr.templateId))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
