import { useCallback, useRef } from 'react';
import { useCloseAfterSubmit } from './close-after-submit.ts';
import type { ListView } from './use-list-nav.ts';

// Apart from use-list-nav, so a list page's first load does not bring the side card with it.
/** A form overlay's close now (×, Escape, outside click) and after saving (~1 s, to the saved item). */
export function useFormCard<V extends ListView>(close: (show?: V) => void) {
  const target = useRef<V | undefined>(undefined);
  const closeSoon = useCloseAfterSubmit(() => close(target.current));
  const onClose = useCallback(() => close(), [close]);
  const onSaved = useCallback(
    (show: V) => {
      target.current = show;
      closeSoon();
    },
    [closeSoon],
  );
  return { onClose, onSaved };
}
