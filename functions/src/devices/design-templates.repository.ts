import { templateStore } from '../platform/templates/template-store.ts';
import { DesignTemplateKind } from './design-template.entity.ts';

/** AP36–AP37: the template store of the design kind. */
export const designTemplates = templateStore(DesignTemplateKind);

/** AP37, for a tablet's config (device-config.service.ts). */
export const getTemplate = designTemplates.get;
