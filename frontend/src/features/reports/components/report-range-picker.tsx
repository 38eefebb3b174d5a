import { lazy, Suspense } from 'react';
import { Flex, SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { REPORT_RANGE_MAX_DAYS } from '@portal/shared/reports/report-definitions';
import { useFieldValue } from '../../../ui/use-field-value.ts';
import { daysIn, presetRange, RANGE_CHOICES, rangeProblem, type RangeChoice, type RangePreset, type ReportRange } from '../utils/report-range.ts';
import type { ReportWords } from './use-report-words.ts';

const CustomRangeFields = lazy(() => import('./custom-range-fields.tsx'));

interface ReportRangePickerProps {
  range: ReportRange;
  /** The organisation's today, the end of a preset. */
  today: string;
  onChange: (range: ReportRange) => void;
  words: ReportWords;
}

/**
 * The period (issue 32): the last 7, 30 or 90 days, or two days of one's own; each applies as it is
 * chosen, and the page says which days it shows (a custom range the API would refuse, why).
 */
export function ReportRangePicker({ range, today, onChange, words }: ReportRangePickerProps) {
  const { t } = useTranslation('reports', { keyPrefix: 'range' });
  const [choice, setChoice] = useFieldValue(range.choice);
  const problem = rangeProblem(range);
  return (
    <Flex role="group" aria-label={t('label')} direction="column" gap="xs">
      <Flex gap="medium" wrap="wrap" alignItems="flex-end">
        <SelectField
          label={t('choice')}
          value={choice}
          onChange={(event) => {
            const next = event.target.value as RangeChoice;
            setChoice(next);
            // A custom range starts from the days shown, to be moved from there.
            onChange(next === 'custom' ? { ...range, choice: next } : presetRange(Number(next) as RangePreset, today));
          }}
        >
          {RANGE_CHOICES.map((option) => (
            <option key={option} value={option}>
              {t(option)}
            </option>
          ))}
        </SelectField>
        {range.choice === 'custom' ? (
          <Suspense fallback={null}>
            <CustomRangeFields range={range} onChange={onChange} />
          </Suspense>
        ) : null}
      </Flex>
      {/* Said again as the period changes. */}
      <p className={problem ? 'report-range__problem' : 'report-range__shown'} aria-live="polite">
        {problem ? t(problem, { max: REPORT_RANGE_MAX_DAYS }) : t('shown', { range: words.range(range), count: daysIn(range) })}
      </p>
    </Flex>
  );
}
