import { NARROW_BREAKPOINT_PX } from '@portal/shared/constants';

/** Spec 000 §2: up to 920px wide the menu is a popup and details show as an overlay. */
export function isNarrowWidth(width: number): boolean {
  return width <= NARROW_BREAKPOINT_PX;
}

/** Calls `fn` once calls have stopped for `ms` (resize events come in bursts). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
