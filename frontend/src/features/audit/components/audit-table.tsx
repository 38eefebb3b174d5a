import { Alert } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntryDto } from '@portal/shared/audit/audit.schema';
import { ApiError } from '../../../lib/api-url.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { SettingsIcon } from '../../../ui/icons.tsx';
import { LoadMoreFooter } from '../../../ui/load-more-footer.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { auditPagesQueryOptions } from '../api/audit.ts';
import { auditQuery, type AuditFilter } from '../utils/audit-filter.ts';
import { actorName, type AuditWords } from '../utils/audit-entries.ts';

/** A field's value as stored, marked as not to be translated (by a browser's translator, or read as interface text); none: a dash. */
const StoredValue = ({ value, none }: { value: string | null; none: string }) => (value === null ? none : <span translate="no">{value}</span>);

interface AuditTableProps {
  orgId: string;
  filter: AuditFilter;
  names: ReadonlyMap<string, string>;
  words: AuditWords;
}

/** The filter's entries, newest first, "Load more" for older ones. */
export function AuditTable({ orgId, filter, names, words }: AuditTableProps) {
  const { t } = useTranslation('audit');
  const clock = useOrganizationClock();
  const list = useInfiniteQuery(auditPagesQueryOptions(orgId, auditQuery(filter)));
  const columns: DataTableColumn<AuditEntryDto>[] = [
    {
      key: 'time',
      header: t('table.time'),
      cell: (entry) => (
        <time className="audit-time" dateTime={entry.at}>
          {clock.dateTime(entry.at)}
        </time>
      ),
    },
    { key: 'person', header: t('table.person'), cell: (entry) => actorName(entry, names) },
    { key: 'kind', header: t('table.kind'), cell: (entry) => words.kind(entry.kind) },
    { key: 'action', header: t('table.action'), cell: (entry) => words.action(entry.action) },
    { key: 'target', header: t('table.target'), cell: (entry) => words.target(entry) },
    {
      key: 'changes',
      header: t('table.changes'),
      cell: (entry) =>
        entry.changes.length ? (
          <ul className="audit-changes">
            {entry.changes.map((change, index) => (
              <li key={index}>
                {change.redacted ? (
                  words.redacted(words.field(change.field))
                ) : (
                  <>
                    {words.field(change.field)}: <StoredValue value={change.before} none={words.none} /> → <StoredValue value={change.after} none={words.none} />
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null,
    },
  ];

  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    // A filter the API refuses (a range reversed or too long) says why, in the user's language, above nothing.
    if (list.error instanceof ApiError && list.error.status === 400) {
      return (
        <Alert variation="error" role="alert">
          {formErrorMessage(list.error, t('loadFailed'))}
        </Alert>
      );
    }
    // Shown in the tab's panel, below the tabs (app/org-routes.tsx, panelErrors).
    throw list.error;
  }
  const entries = list.data.pages.flatMap((page) => page.items);
  return (
    <>
      {entries.length === 0 ? <EmptyState icon={<SettingsIcon />} title={t('empty.title')} help={t('empty.help')} /> : <DataTable label={t('table.label')} columns={columns} rows={entries} />}
      <LoadMoreFooter list={list} loadMoreLabel={t('loadMore')} loadingLabel={t('loading')} />
    </>
  );
}
