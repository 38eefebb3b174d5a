import { templateStore } from '../platform/templates/template-store.ts';
import { TaskTemplateKind } from './task-template.entity.ts';

/** AP63–AP65: the template store of the task kind. */
export const taskTemplates = templateStore(TaskTemplateKind);
