import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDto } from '@portal/shared/reports/reports.schema';
import { dayExtremes, dayPoints } from '../utils/day-series.ts';
import type { DayChart as DayChartDefinition } from '../utils/report-measures.ts';
import type { ReportRange } from '../utils/report-range.ts';
import { ChartBoundary } from './chart-boundary.tsx';
import type { ReportWords } from './use-report-words.ts';

/** visx in a chunk of its own, asked for when a chart first shows: after the report's tables, on /reports only. */
const DayChart = lazy(() => import('./day-chart.tsx'));

interface DayChartFigureProps {
  chart: DayChartDefinition;
  days: ReportDto['days'];
  range: Pick<ReportRange, 'from' | 'to'>;
  words: ReportWords;
}

/**
 * A chart of a measure per day, as a figure: its caption names it and points to the by-day table
 * (the same figures, its alternative), the image is announced with its lowest and highest day.
 */
export function DayChartFigure({ chart, days, range, words }: DayChartFigureProps) {
  const { t } = useTranslation('reports');
  const points = dayPoints(days, chart.measure);
  const title = t(`charts.${chart.key}`);
  const extremes = dayExtremes(points);
  const format = chart.measure.kind === 'duration' ? words.duration : words.number;
  const label = extremes
    ? t('charts.summary', { title, range: words.range(range), min: format(extremes.min.value), minDay: words.day(extremes.min.date), max: format(extremes.max.value), maxDay: words.day(extremes.max.date) })
    : t('charts.empty', { title, range: words.range(range) });
  return (
    <figure className="report-chart">
      <figcaption className="report-chart__caption">{t('charts.caption', { title })}</figcaption>
      <ChartBoundary fallback={<p>{t('charts.failed')}</p>}>
        <Suspense fallback={<p className="report-chart__loading">{t('charts.loading')}</p>}>
          <DayChart points={points} shape={chart.shape} kind={chart.measure.kind === 'duration' ? 'duration' : 'count'} label={label} formatValue={format} formatDay={words.day} />
        </Suspense>
      </ChartBoundary>
    </figure>
  );
}
