import { TABLET_TEMPLATE_MESSAGES, type TabletTemplateDto, type TabletTemplateInput, type TabletTemplateSummary } from '@portal/shared/devices/tablet-template.schema';
import { newId } from '../platform/db/ids.ts';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import type { DesignTemplateItem } from './design-template.entity.ts';
import { designTemplates } from './design-templates.repository.ts';
import { deviceChanged } from './device-signals.ts';
import { getDevice } from './devices.repository.ts';
import { readTabletSettings, saveTabletSettings, tabletsUsingTemplate } from './tablet-settings.repository.ts';

const notFound = () => new NotFoundError(TABLET_TEMPLATE_MESSAGES.notFound);

const toDto = (template: DesignTemplateItem): TabletTemplateDto => ({
  id: template.templateId,
  name: template.name,
  design_settings: template.design_settings,
  created_at: template.createdAt ?? template.updatedAt,
  updated_at: template.updatedAt,
});

/** AP36, in creation order: ids and names only, the large design_settings stay behind. */
export async function listTemplates(orgId: string): Promise<{ items: TabletTemplateSummary[] }> {
  return { items: (await designTemplates.list(orgId, ['templateId', 'name'])).map((t) => ({ id: t.templateId, name: t.name })) };
}

export async function findTemplate(orgId: string, templateId: string): Promise<TabletTemplateDto> {
  const template = await designTemplates.get(orgId, templateId);
  if (!template) throw notFound();
  return toDto(template);
}

export async function createTemplate(orgId: string, input: TabletTemplateInput): Promise<TabletTemplateDto> {
  const now = new Date().toISOString();
  const template: DesignTemplateItem = { orgId, templateId: newId(), name: input.name, design_settings: input.design_settings, createdAt: now, updatedAt: now };
  await designTemplates.create(template);
  return toDto(template);
}

/** AP35: every tablet using the template gets its config again; with `detach`, without the template. */
async function republishTablets(orgId: string, templateId: string, detach: boolean): Promise<void> {
  for (const deviceId of await tabletsUsingTemplate(orgId, templateId)) {
    const settings = await readTabletSettings(orgId, deviceId);
    if (detach && settings) await saveTabletSettings(orgId, deviceId, { ...settings, templateId: null });
    const device = await getDevice(orgId, deviceId);
    if (device) await deviceChanged.emit({ device });
  }
}

/** A changed design reaches the tablets that use it. */
export async function updateTemplate(orgId: string, templateId: string, input: TabletTemplateInput): Promise<TabletTemplateDto> {
  const previous = await designTemplates.get(orgId, templateId);
  if (!previous) throw notFound();
  const template: DesignTemplateItem = { ...previous, name: input.name, design_settings: input.design_settings, updatedAt: new Date().toISOString() };
  if (!(await designTemplates.replace(template))) throw notFound();
  await republishTablets(orgId, templateId, false);
  return toDto(template);
}

/**
 * Deleting a template in use is allowed (decision 0005): its tablets fall back to no template
 * (their own power settings stay) and get their config again.
 */
export async function deleteTemplate(orgId: string, templateId: string): Promise<void> {
  if (!(await designTemplates.remove(orgId, templateId))) throw notFound();
  await republishTablets(orgId, templateId, true);
}
