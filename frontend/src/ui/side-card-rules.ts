/** Each deeper side card sits this far from the one below it (spec 000 §2: "offset by position"). */
export const CARD_OFFSET_PX = 24;
export const CARD_STATE_PARAM = 'cardstate';

/** Query `cardstate=lock` keeps side cards open on outside clicks (spec 000 §2). */
export function isCardLocked(search: string): boolean {
  return new URLSearchParams(search).get(CARD_STATE_PARAM) === 'lock';
}

export function cardOffset(position: number): number {
  return Math.max(0, position) * CARD_OFFSET_PX;
}

export interface DismissInput {
  /** Only the top-most card reacts; a click on a deeper card's area closes just the top one. */
  isTop: boolean;
  frozen: boolean;
  locked: boolean;
}

export function dismissesOnOutsideClick({ isTop, frozen, locked }: DismissInput): boolean {
  return isTop && !frozen && !locked;
}

/** What a side card's focus trap treats as tabbable (visibility is checked by the caller). */
export const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The focus trap of the top card: Tab from its last tabbable goes to the first, Shift+Tab from the
 * first (or from the card itself, `current` -1) to the last. undefined: the browser moves focus as usual.
 */
export function wrappedFocusIndex(current: number, count: number, backwards: boolean): number | undefined {
  if (count === 0) return undefined;
  if (backwards) return current <= 0 ? count - 1 : undefined;
  return current === -1 || current === count - 1 ? 0 : undefined;
}
