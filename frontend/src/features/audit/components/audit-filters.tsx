import { useCallback } from 'react';
import { Flex, SelectField } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AUDIT_KINDS } from '@portal/shared/audit/audit.schema';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { DayField } from '../../../ui/day-field.tsx';
import { useFieldValue } from '../../../ui/use-field-value.ts';
import { auditFilterOf, withAuditFilter, type AuditFilter } from '../utils/audit-filter.ts';
import type { AuditWords } from '../utils/audit-entries.ts';

/** The filter in the page's query (utils/audit-filter.ts), and a change of it; a change replaces the history entry. */
export function useAuditFilter(): [AuditFilter, (change: Partial<AuditFilter>) => void] {
  const clock = useOrganizationClock();
  const [params, setParams] = useSearchParams();
  const change = useCallback((next: Partial<AuditFilter>) => setParams((current) => withAuditFilter(current, next), { replace: true }), [setParams]);
  return [auditFilterOf(params, clock.today()), change];
}

interface AuditFiltersProps {
  filter: AuditFilter;
  onChange: (change: Partial<AuditFilter>) => void;
  /** The organisation's people (id and current name), the person filter's choices. */
  people: readonly { id: string; name: string }[];
  words: AuditWords;
}

/** From, to, person and kind: each applies as it is chosen (issue 32). */
export function AuditFilters({ filter, onChange, people, words }: AuditFiltersProps) {
  const { t } = useTranslation('audit', { keyPrefix: 'filters' });
  const [person, setPerson] = useFieldValue(filter.person);
  const [kind, setKind] = useFieldValue(filter.kind);
  // A person no longer a member (a link kept from before) still shows as chosen, by id.
  const chosenGone = person && !people.some((candidate) => candidate.id === person);
  return (
    <Flex role="search" aria-label={t('label')} gap="medium" wrap="wrap" alignItems="flex-end">
      <DayField label={t('from')} value={filter.from} max={filter.to} onChange={(from) => onChange({ from })} />
      <DayField label={t('to')} value={filter.to} min={filter.from} onChange={(to) => onChange({ to })} />
      <SelectField
        label={t('person')}
        value={person}
        onChange={(event) => {
          setPerson(event.target.value);
          onChange({ person: event.target.value });
        }}
      >
        <option value="">{t('everyone')}</option>
        {chosenGone ? <option value={person}>{person}</option> : null}
        {people.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name || candidate.id}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('kind')}
        value={kind}
        onChange={(event) => {
          const next = event.target.value as AuditFilter['kind'];
          setKind(next);
          onChange({ kind: next });
        }}
      >
        <option value="">{t('allKinds')}</option>
        {AUDIT_KINDS.map((option) => (
          <option key={option} value={option}>
            {words.kind(option)}
          </option>
        ))}
      </SelectField>
    </Flex>
  );
}
