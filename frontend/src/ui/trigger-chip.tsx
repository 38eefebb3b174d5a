import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../lib/organization-context.tsx';
import { useTriggerName } from '../lib/organization-data/triggers.ts';
import { StatusChip } from './status-chip.tsx';

/**
 * 'Trigger: <name>' on a list row of an item a trigger made (`meta.trigger_id`; issue 16), in the
 * module's namespace under `list.trigger` (a known name) and `list.triggerUnnamed` (a trigger since
 * deleted, or names not loaded yet).
 */
export function TriggerChip({ triggerId, namespace }: { triggerId: string; namespace: string }) {
  const { t } = useTranslation(namespace);
  const { organization } = useOrganizationContext();
  const name = useTriggerName(organization.id, triggerId);
  return <StatusChip tone="neutral">{name ? t('list.trigger', { name }) : t('list.triggerUnnamed')}</StatusChip>;
}
