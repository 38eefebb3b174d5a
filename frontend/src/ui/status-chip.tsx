import type { ReactNode } from 'react';
import './components.css';

/** The chip's colour by meaning, not by hue: neutral (a plain fact), primary, info, success, warning, danger. */
export type StatusTone = 'neutral' | 'primary' | 'info' | 'success' | 'warning' | 'danger';

/** A state or kind as a small tinted pill (a notification's "Read", a device's type). */
export function StatusChip({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={`status-chip status-chip--${tone}`}>{children}</span>;
}
