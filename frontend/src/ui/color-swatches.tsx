import { useId } from 'react';
import type { FormikProps } from 'formik';
import { USER_GROUP_COLORS } from '@portal/shared/constants';
import { shownOnceChanged } from './formik-field.ts';
import './color-swatches.css';

interface ColorSwatchesProps {
  legend: string;
  name: string;
  value: string;
  error?: string;
  onChange: (color: string) => void;
  onBlur?: () => void;
}

/** The 22 preset colours as a radio group; each radio is named by its hex value. */
export function ColorSwatches({ legend, name, value, error, onChange, onBlur }: ColorSwatchesProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="color-swatches">
      <span id={`${id}-legend`} className="color-swatches__legend">
        {legend}
      </span>
      <div
        className="color-swatches__grid"
        role="radiogroup"
        aria-labelledby={`${id}-legend`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {USER_GROUP_COLORS.map((color) => (
          <label key={color} className="color-swatches__item" style={{ backgroundColor: color }} title={color}>
            <input
              type="radio"
              name={name}
              value={color}
              aria-label={color}
              checked={value.toUpperCase() === color}
              onChange={() => onChange(color)}
              onBlur={onBlur}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A colour next to the name it belongs to (decorative: the name says what it is). */
export function ColorDot({ color }: { color: string }) {
  return <span className="color-dot" style={{ backgroundColor: color }} aria-hidden="true" />;
}

/**
 * The swatches as a form's colour field. Save stays off without a colour, so the error shows as
 * soon as the form was changed, not only once the field was touched (spec 001 §5).
 */
export function ColorSwatchesField<V extends { color: string }>({ form, legend, message }: { form: FormikProps<V>; legend: string; message: (error: unknown) => string | undefined }) {
  const error = shownOnceChanged(form, 'color');
  return (
    <ColorSwatches
      legend={legend}
      name="color"
      value={form.values.color}
      error={message(error)}
      onChange={(color) => {
        void form.setFieldValue('color', color);
        void form.setFieldTouched('color', true, false);
      }}
    />
  );
}
