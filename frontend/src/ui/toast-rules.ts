import { ERROR_TOAST_MS } from '@portal/shared/constants';

export type ToastVariation = 'success' | 'info' | 'warning' | 'error';

export interface ToastInput {
  message: string;
  variation?: ToastVariation;
  /** Flagged to stay: only the user closes it (spec 000 §8). */
  stay?: boolean;
}

/** Milliseconds until a toast closes by itself, or undefined when it stays (spec 000 §8, §9). */
export function toastTimeout(toast: ToastInput): number | undefined {
  return toast.stay ? undefined : ERROR_TOAST_MS;
}

/** Errors interrupt (role alert); anything else is announced politely (role status). */
export function toastRole(variation: ToastVariation = 'info'): 'alert' | 'status' {
  return variation === 'error' ? 'alert' : 'status';
}

/** Toasts keep this far from the window's bottom edge, and from what ends above them. */
export const TOAST_EDGE_PX = 16;
/** The custom property holding the band toasts take at the bottom (toasts.tsx sets it, ui.css reads it). */
export const TOAST_SPACE_PROPERTY = '--toast-space';

/**
 * The band at the window's bottom the toasts take: side cards and the page end above it, so a toast
 * never hides a control (spec 000 §8). Nothing while no toast shows.
 */
export function toastSpace(regionHeight: number): number {
  return regionHeight > 0 ? Math.ceil(regionHeight) + 2 * TOAST_EDGE_PX : 0;
}
