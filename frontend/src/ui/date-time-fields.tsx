import { useId } from 'react';
import { Select } from './select.tsx';
import './pickers.css';

const two = (value: number) => String(value).padStart(2, '0');

interface DateInputProps {
  label: string;
  /** 'YYYY-MM-DD'. */
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/** A native date input with its label and error. */
export function DateInput({ label, value, min, max, onChange, error, disabled }: DateInputProps) {
  const id = useId();
  return (
    <div className="date-time-field">
      <label htmlFor={id} className="date-time-field__label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <span id={`${id}-error`} className="date-time-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface TimeSelectProps {
  label: string;
  hourLabel: string;
  minuteLabel: string;
  hour: number;
  minute: number;
  /** The hours and minutes offered (e.g. only the current or later ones today). */
  hours: readonly number[];
  minutes: readonly number[];
  onChange: (hour: number, minute: number) => void;
  error?: string;
  disabled?: boolean;
}

/** Hours 0-23 and minutes 0-59 as two selects offering only the given values. */
export function TimeSelect({ label, hourLabel, minuteLabel, hour, minute, hours, minutes, onChange, error, disabled }: TimeSelectProps) {
  const id = useId();
  // A value outside the offered ones still shows (it is what is stored), as the first entry.
  const hourOptions = hours.includes(hour) ? hours : [hour, ...hours];
  const minuteOptions = minutes.includes(minute) ? minutes : [minute, ...minutes];
  return (
    <fieldset className="date-time-field" aria-describedby={error ? `${id}-error` : undefined} disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="date-time-field__label">{label}</legend>
      <div className="date-time-field__row">
        <Select compact aria-label={hourLabel} value={hour} onChange={(event) => onChange(Number(event.target.value), minute)}>
          {hourOptions.map((h) => (
            <option key={h} value={h}>
              {two(h)}
            </option>
          ))}
        </Select>
        <span aria-hidden="true">:</span>
        <Select compact aria-label={minuteLabel} value={minute} onChange={(event) => onChange(hour, Number(event.target.value))}>
          {minuteOptions.map((m) => (
            <option key={m} value={m}>
              {two(m)}
            </option>
          ))}
        </Select>
      </div>
      {error ? (
        <span id={`${id}-error`} className="date-time-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
