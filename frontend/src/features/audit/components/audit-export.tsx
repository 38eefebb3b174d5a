import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE_MAX, type AuditEntryDto } from '@portal/shared/audit/audit.schema';
import { toCsv } from '../../../lib/csv.ts';
import { downloadText } from '../../../lib/download.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { PagedExport } from '../../../ui/paged-export.tsx';
import { auditPage } from '../api/audit.ts';
import { auditCsvRows, type AuditWords } from '../utils/audit-entries.ts';
import { auditQuery, exportFileName, type AuditFilter } from '../utils/audit-filter.ts';

interface AuditExportProps {
  orgId: string;
  filter: AuditFilter;
  names: ReadonlyMap<string, string>;
  words: AuditWords;
}

/**
 * "Export CSV" (issue 32, decision 0086): every entry of the filter, read AUDIT_PAGE_MAX at a time
 * (ui/paged-export.tsx), then one file for Excel (lib/csv.ts) with the names as they are when the
 * last page arrives (the people's list may load meanwhile).
 */
export function AuditExport({ orgId, filter, names, words }: AuditExportProps) {
  const { t } = useTranslation('audit', { keyPrefix: 'export' });
  const { timeZone } = useOrganizationClock();
  return (
    <PagedExport<AuditEntryDto>
      readPage={(token, signal) => auditPage(orgId, { ...auditQuery(filter), limit: String(AUDIT_PAGE_MAX), ...(token ? { next_token: token } : {}) }, signal)}
      save={(entries) => downloadText(exportFileName(filter), toCsv(auditCsvRows(entries, names, words, timeZone)))}
      texts={{ button: t('button'), progress: (running, count) => t(running ? 'running' : 'done', { count }), failed: t('failed') }}
    />
  );
}
