import { templateTitles } from '../platform/templates/template-store.ts';
import { notificationTemplates } from './notification-template.entity.ts';

/**
 * The notifications module's public way in (decision 0014): what other modules may read of it. The
 * reports (decision 0087) name the notification report's template rows at answer time.
 */

/** The notification templates' titles by id (AP36). */
export const notificationTemplateTitles = (orgId: string): Promise<Map<string, string>> => templateTitles(notificationTemplates, orgId);
