import { templateStore } from '../platform/templates/template-store.ts';
import { NotificationTemplateKind } from './notification-template.entity.ts';

/** AP63–AP65: the template store of the notification kind. */
export const notificationTemplates = templateStore(NotificationTemplateKind);
