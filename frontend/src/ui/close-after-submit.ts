import { useCallback, useEffect, useRef } from 'react';
import { CARD_CLOSE_AFTER_SUBMIT_MS } from '@portal/shared/constants';
import { useLatest } from './use-latest.ts';

/** Spec 000 §4: after a successful submit the card closes about 1 second later. */
export function useCloseAfterSubmit(onClose: () => void): () => void {
  const close = useLatest(onClose);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => close.current(), CARD_CLOSE_AFTER_SUBMIT_MS);
  }, [close]);
}
