import { isCalendarDate } from '@portal/shared/validation/calendar-date';
import { DateInput } from './date-time-fields.tsx';
import { useFieldValue } from './use-field-value.ts';

interface DayFieldProps {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}

/**
 * A date of a range kept in the query (the audit trail's filter, the reports' period): applies once
 * the field holds a whole day, so a half-typed date neither reads the list nor snaps back to the default.
 */
export function DayField({ label, value, min, max, onChange }: DayFieldProps) {
  const [draft, setDraft] = useFieldValue(value);
  return (
    <DateInput
      label={label}
      value={draft}
      min={min}
      max={max}
      onChange={(next) => {
        setDraft(next);
        if (isCalendarDate(next)) onChange(next);
      }}
    />
  );
}
