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
