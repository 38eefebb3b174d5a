import { templateStore } from '../platform/templates/template-store.ts';
import { ActionTemplateKind } from './action-template.entity.ts';

/** AP63–AP65: the template store of the action kind. */
export const actionTemplates = templateStore(ActionTemplateKind);
