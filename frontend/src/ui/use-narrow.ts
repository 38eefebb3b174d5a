import { useEffect, useState } from 'react';
import { RESIZE_DEBOUNCE_MS } from '@portal/shared/constants';
import { debounce, isNarrowWidth } from './viewport.ts';

/** Whether the window is at most 920px wide, re-read 100 ms after resizing stops (spec 000 §9). */
export function useIsNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => isNarrowWidth(window.innerWidth));
  useEffect(() => {
    const update = debounce(() => setNarrow(isNarrowWidth(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('resize', update);
    };
  }, []);
  return narrow;
}
