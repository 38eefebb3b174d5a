import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportName } from '@portal/shared/reports/reports.schema';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { formatDayRange } from '../../../lib/zoned-time.ts';
import { durationText, measureText, type ValueWords } from '../utils/measure-values.ts';
import type { Measure } from '../utils/report-measures.ts';
import type { ReportRange } from '../utils/report-range.ts';
import type { RowWords } from '../utils/report-rows.ts';

const NONE_NAMED = new Set(['TEMPLATE', 'ACTIVITY', 'TRIGGER', 'GROUP', 'CHECK']);
const OTHERS_NAMED = new Set(['GROUP', 'ACTIVITY']);

/** The reports' words in the user's language, bound once a render: names, values, headers, the range. */
export function useReportWords() {
  const { t } = useTranslation('reports');
  const clock = useOrganizationClock();
  return useMemo(() => {
    const rows: RowWords = {
      none: (dimension) => t(NONE_NAMED.has(dimension) ? `names.none.${dimension}` : 'names.none.other'),
      peopleNamed: t('names.peopleNamed'),
      others: (dimension) => t(OTHERS_NAMED.has(dimension) ? `names.others.${dimension}` : 'names.others.other'),
      everyone: t('names.everyone'),
      removed: t('names.removed'),
      hour: (from, to) => t('names.hour', { from, to }),
    };
    const values: ValueWords = {
      language: clock.language,
      durationPart: ({ unit, value }) => t(`duration.${unit}`, { count: value }),
      underSecond: t('value.underSecond'),
      none: t('value.none'),
    };
    const measureName = (measure: Measure) => t(`measures.${measure.key}`);
    return {
      rows,
      values,
      report: (report: ReportName) => t(`tabs.${report}`),
      measureName,
      /** A CSV column's header: the name with its unit. */
      csvHeader: (measure: Measure) => (measure.kind === 'count' ? measureName(measure) : t(`csvUnits.${measure.kind}`, { name: measureName(measure) })),
      value: (measure: Measure, figures: Parameters<typeof measureText>[1]) => measureText(measure, figures, values),
      duration: (ms: number) => durationText(ms, values),
      number: (value: number) => new Intl.NumberFormat(clock.language).format(value),
      /** A day in a table ("Nov 3, 2026"). */
      date: (date: string) => clock.day(date),
      /** A day on a chart's axis ("Nov 3"). */
      day: (date: string) => clock.day(date, { month: 'short', day: 'numeric' }),
      /** The range ("Nov 1 – 30, 2026"). */
      range: ({ from, to }: Pick<ReportRange, 'from' | 'to'>) => formatDayRange(from, to, clock.language, { dateStyle: 'medium' }),
    };
  }, [t, clock]);
}

export type ReportWords = ReturnType<typeof useReportWords>;
