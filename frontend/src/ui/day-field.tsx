import { useState } from 'react';
import { isCalendarDate } from '@portal/shared/validation/fields';
import { DateInput } from './date-time-fields.tsx';

/**
 * A field's own value: the router writes the query a moment after a change, and a controlled field
 * would show the old value until then (a second arrow key would start from it). The query's value
 * wins when it changes under the field (back button, a link).
 */
export function useFieldValue<T extends string>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

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
