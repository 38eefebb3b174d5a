import { SCROLL_STEP_PX } from '@portal/shared/constants';

/** Where a list scrolled by one step (spec 000 §9: 240 px) lands, kept within its scrollable range. */
export function steppedScrollTop(scrollTop: number, direction: 1 | -1, scrollHeight: number, clientHeight: number): number {
  const max = Math.max(0, scrollHeight - clientHeight);
  return Math.min(max, Math.max(0, scrollTop + direction * SCROLL_STEP_PX));
}

/**
 * The option to make active after a step: the first whose top is at or below the new scroll top
 * (the list's first visible option), or the last option when the list is scrolled to its end.
 * `tops` are the options' offsets within the list, in option order; -1 when there are none.
 */
export function firstVisibleOption(tops: readonly number[], scrollTop: number): number {
  if (!tops.length) return -1;
  const index = tops.findIndex((top) => top >= scrollTop);
  return index === -1 ? tops.length - 1 : index;
}
