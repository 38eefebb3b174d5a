import { useTranslation } from 'react-i18next';
import { DayField } from '../../../ui/day-field.tsx';
import type { ReportRange } from '../utils/report-range.ts';

/** The two days of a custom range: loaded when the range is custom, so the presets' first load carries no date field. */
export default function CustomRangeFields({ range, onChange }: { range: ReportRange; onChange: (range: ReportRange) => void }) {
  const { t } = useTranslation('reports', { keyPrefix: 'range' });
  return (
    <>
      <DayField label={t('from')} value={range.from} max={range.to} onChange={(from) => onChange({ ...range, from })} />
      <DayField label={t('to')} value={range.to} min={range.from} onChange={(to) => onChange({ ...range, to })} />
    </>
  );
}
