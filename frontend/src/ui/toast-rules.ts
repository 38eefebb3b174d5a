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
