import { useId, useState } from 'react';
import { Alert, Button, Loader } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { reportPeopleQueryOptions } from '../api/reports.ts';
import { csvFileName } from '../utils/csv-name.ts';
import { PERSON_MEASURES } from '../utils/report-measures.ts';
import type { ReportRange } from '../utils/report-range.ts';
import { rowName } from '../utils/report-rows.ts';
import { ReportTable } from './report-table.tsx';
import type { ReportWords } from './use-report-words.ts';

const PERSON = 'PERSON';

interface PeopleTableProps {
  orgId: string;
  range: Pick<ReportRange, 'from' | 'to'>;
  words: ReportWords;
}

/**
 * The tasks report by person (decision 0087): read only when asked for, as it grows with the staff
 * (GET /reports/tasks/people). The button stays, so the keyboard's focus does too.
 */
export function PeopleTable({ orgId, range, words }: PeopleTableProps) {
  const { t } = useTranslation('reports');
  const [shown, setShown] = useState(false);
  const regionId = useId();
  const people = useQuery({ ...reportPeopleQueryOptions(orgId, range), enabled: shown });
  const title = t(`tables.${PERSON}`);
  const nameOf = (row: { key: string; name: string | null }) => rowName(PERSON, row, words.rows);
  return (
    <div className="report-people">
      <Button aria-expanded={shown} aria-controls={regionId} onClick={() => setShown(!shown)}>
        {t(shown ? 'people.hide' : 'people.show')}
      </Button>
      <div id={regionId}>
        {!shown ? null : people.isPending ? (
          <Loader aria-label={t('people.loading')} />
        ) : people.isError ? (
          <Alert variation="error" role="alert">
            {formErrorMessage(people.error, t('people.loadFailed'))}
          </Alert>
        ) : people.data.rows.length === 0 ? (
          <p>{t('people.empty')}</p>
        ) : (
          <ReportTable
            title={title}
            caption={t('captions.table', { report: words.report('tasks'), table: title, range: words.range(range) })}
            nameHeader={t(`columns.${PERSON}`)}
            measures={PERSON_MEASURES}
            rows={people.data.rows.map((row) => ({ id: row.key, name: nameOf(row), figures: row }))}
            words={words}
            csv={(files) => files.tableCsv({ name: t(`columns.${PERSON}`), key: t('columns.key'), measure: words.csvHeader }, PERSON_MEASURES, people.data.rows, nameOf)}
            fileName={csvFileName('tasks', PERSON, range)}
          />
        )}
      </div>
    </div>
  );
}
