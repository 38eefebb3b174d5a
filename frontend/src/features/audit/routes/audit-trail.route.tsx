import { useMemo } from 'react';
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useRecipientOptions } from '../../../lib/organization-data/recipients.ts';
import { AuditExport } from '../components/audit-export.tsx';
import { AuditFilters, useAuditFilter } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { auditWords } from '../utils/audit-entries.ts';
import '../components/audit.css';

/**
 * /settings/audit (issue 32): who changed what in the organisation, filtered by date, person and
 * kind (kept in the query), a page at a time, and exported as CSV. Superadmins only: the settings
 * layout sends anyone else to their first tab.
 */
export function AuditTrailRoute() {
  const { t } = useTranslation('audit');
  const { organization } = useOrganizationContext();
  const [filter, changeFilter] = useAuditFilter();
  // The organisation's people, shared with the recipient picker: the person filter's choices and the current names.
  const recipients = useRecipientOptions(organization.id);
  const people = useMemo(() => (recipients.data?.users ?? []).map((user) => ({ id: user.id, name: `${user.firstname} ${user.lastname}`.trim() })), [recipients.data]);
  // Without a name of their own, an entry keeps the e-mail it stored.
  const names = useMemo(() => new Map(people.filter((person) => person.name).map((person) => [person.id, person.name])), [people]);
  const words = useMemo(() => auditWords(t), [t]);
  return (
    <Flex direction="column" gap="medium">
      <hgroup>
        <Heading level={3} fontSize="large">
          {t('title')}
        </Heading>
        <Text variation="secondary">{t('intro')}</Text>
      </hgroup>
      {/* The export beside the filter it exports. */}
      <Flex gap="medium" wrap="wrap" alignItems="flex-end" justifyContent="space-between">
        <AuditFilters filter={filter} onChange={changeFilter} people={people} words={words} />
        <AuditExport orgId={organization.id} filter={filter} names={names} words={words} />
      </Flex>
      <AuditTable orgId={organization.id} filter={filter} names={names} words={words} />
    </Flex>
  );
}
