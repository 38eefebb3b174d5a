import type { ReportFiguresDto } from '@portal/shared/reports/reports.schema';
import type { Measure } from '../utils/report-measures.ts';
import type { ReportWords } from './use-report-words.ts';

/** The headline figures of the whole range, as a list of names and values. */
export function ReportFigures({ measures, figures, words }: { measures: readonly Measure[]; figures: ReportFiguresDto; words: ReportWords }) {
  return (
    <dl className="report-figures">
      {measures.map((measure) => (
        <div key={measure.key} className="report-figures__item">
          <dt>{words.measureName(measure)}</dt>
          <dd>{words.value(measure, figures)}</dd>
        </div>
      ))}
    </dl>
  );
}
