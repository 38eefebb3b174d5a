import type { ComponentProps } from 'react';
import './components.css';

export interface SelectProps extends ComponentProps<'select'> {
  /** The small height for tables and inline time pickers. */
  compact?: boolean;
  /** As wide as its container (the narrow-screen tab picker). */
  fullWidth?: boolean;
}

/**
 * A native select styled like Amplify's fields, for places without a visible label of its own
 * (give it aria-label) or inside a table. A labelled form field uses Amplify's SelectField.
 */
export function Select({ compact = false, fullWidth = false, className, ...props }: SelectProps) {
  const classes = ['ui-select', compact ? 'ui-select--compact' : '', fullWidth ? 'ui-select--full' : '', className ?? ''].filter(Boolean).join(' ');
  return <select className={classes} {...props} />;
}
