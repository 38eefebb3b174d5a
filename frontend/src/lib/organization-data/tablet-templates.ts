import type { TabletTemplateDto, TabletTemplateInput, TabletTemplateSummary } from '@portal/shared/devices/tablet-template.schema';
import { crudResource } from '../resource-api.ts';
import { orgDataKeys } from './query-keys.ts';

/**
 * Design templates (GET tablet-templates/{id} with its design_settings): the settings tab edits
 * them, the devices pages choose from them, one cache. A change reads the devices again too
 * (tablets using a deleted one fall back to no template).
 */
export const tabletTemplatesResource = crudResource<{ item: TabletTemplateDto; input: TabletTemplateInput; list: { items: TabletTemplateSummary[] } }>()({
  module: 'devices',
  key: orgDataKeys.tabletTemplates,
  id: 'templateId',
  list: 'listTabletTemplates',
  get: 'getTabletTemplate',
  create: 'createTabletTemplate',
  update: 'updateTabletTemplate',
  remove: 'deleteTabletTemplate',
  refreshes: (orgId) => [orgDataKeys.tabletTemplates(orgId), orgDataKeys.devices(orgId)],
});

/** GET tablet-templates: names only, in creation order (the settings tab's list, the tablet card's select). */
export const tabletTemplatesQueryOptions = (orgId: string) => tabletTemplatesResource.listQueryOptions(orgId);
