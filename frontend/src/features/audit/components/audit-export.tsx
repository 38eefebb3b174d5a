import { useEffect, useRef, useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE_MAX, type AuditEntryDto } from '@portal/shared/audit/audit.schema';
import { toCsv } from '../../../lib/csv.ts';
import { downloadText } from '../../../lib/download.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { useLatest } from '../../../ui/use-latest.ts';
import { auditPage } from '../api/audit.ts';
import { auditCsvRows, type AuditWords } from '../utils/audit-entries.ts';
import { auditQuery, exportFileName, type AuditFilter } from '../utils/audit-filter.ts';

interface AuditExportProps {
  orgId: string;
  filter: AuditFilter;
  names: ReadonlyMap<string, string>;
  words: AuditWords;
}

type Progress = { running: boolean; count: number } | undefined;

/**
 * "Export CSV" (issue 32, decision 0086): every entry of the filter, read AUDIT_PAGE_MAX at a time,
 * the count so far said politely as pages arrive, then one file for Excel (lib/csv.ts). Leaving
 * the page stops it.
 */
export function AuditExport({ orgId, filter, names, words }: AuditExportProps) {
  const { t } = useTranslation('audit', { keyPrefix: 'export' });
  const { timeZone } = useOrganizationClock();
  const [progress, setProgress] = useState<Progress>();
  const [error, setError] = useState<string>();
  const running = useRef<AbortController>(undefined);
  // The names as they are when the last page arrives (the people's list may load meanwhile).
  const latestNames = useLatest(names);
  useEffect(() => () => running.current?.abort(), []);

  async function run() {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setError(undefined);
    setProgress({ running: true, count: 0 });
    try {
      const entries: AuditEntryDto[] = [];
      let token: string | undefined;
      do {
        const query = { ...auditQuery(filter), limit: String(AUDIT_PAGE_MAX), ...(token ? { next_token: token } : {}) };
        const page = await auditPage(orgId, query, controller.signal);
        entries.push(...page.items);
        token = page.next_token || undefined;
        setProgress({ running: true, count: entries.length });
      } while (token);
      downloadText(exportFileName(filter), toCsv(auditCsvRows(entries, latestNames.current, words, timeZone)));
      setProgress({ running: false, count: entries.length });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setProgress(undefined);
      setError(formErrorMessage(failure, t('failed')));
    } finally {
      running.current = undefined;
    }
  }

  const busy = progress?.running ?? false;
  return (
    <Flex direction="column" alignItems="flex-end" gap="xs" marginLeft="auto">
      <Flex alignItems="center">
        {/* Always there, so a screen reader hears each change of it. */}
        <p role="status" className="audit-export-status">
          {progress ? t(busy ? 'running' : 'done', { count: progress.count }) : ''}
        </p>
        {/* Not disabled while it runs: a disabled button would drop the keyboard's focus. */}
        <Button variation="primary" aria-disabled={busy} onClick={() => void run()}>
          {t('button')}
        </Button>
      </Flex>
      <FormError message={error} />
    </Flex>
  );
}
