import type { DesignSettings } from '@portal/shared/devices/tablet-template.schema';
import { defineTemplateKind, storedAs, type TemplateItem } from '../platform/templates/template-kind.ts';

/**
 * A tablet design template (docs/data-model.md, AP36–AP37): `sk=DESIGNTEMPLATE#{templateId}`, ids
 * are ULIDs, so the list is in creation order. Listed, not searched (no search text).
 */
export const DesignTemplateKind = defineTemplateKind({
  entity: 'designTemplate',
  sk: 'DESIGNTEMPLATE#',
  attributes: {
    name: { type: 'string', required: true },
    /** The settings file's design_settings object, as given (≤ 300 KB). */
    design_settings: storedAs<DesignSettings>(),
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', required: true },
  },
});

export type DesignTemplateItem = TemplateItem<typeof DesignTemplateKind>;
