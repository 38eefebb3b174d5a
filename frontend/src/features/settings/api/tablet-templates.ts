import { tabletTemplatesResource } from '../../../lib/organization-data/tablet-templates.ts';

/** GET tablet-templates/{id}: with its design_settings (shared with the devices pages' template select: one cache). */
export const tabletTemplateQueryOptions = tabletTemplatesResource.itemQueryOptions;
export const useSaveTabletTemplate = tabletTemplatesResource.useSave;
/** DELETE tablet-templates/{id}: tablets using it fall back to no template. */
export const useDeleteTabletTemplate = tabletTemplatesResource.useDelete;
