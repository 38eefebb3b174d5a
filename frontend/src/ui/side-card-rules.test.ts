import { describe, expect, it } from 'vitest';
import { cardOffset, dismissesOnOutsideClick, isCardLocked, wrappedFocusIndex } from './side-card-rules.ts';

describe('side card rules', () => {
  it('is locked only by cardstate=lock', () => {
    expect(isCardLocked('?cardstate=lock')).toBe(true);
    expect(isCardLocked('?developer-mode=true&cardstate=lock')).toBe(true);
    expect(isCardLocked('?cardstate=open')).toBe(false);
    expect(isCardLocked('')).toBe(false);
  });

  it('offsets cards by their position in the stack', () => {
    expect([0, 1, 2].map(cardOffset)).toEqual([0, 24, 48]);
    expect(cardOffset(-1)).toBe(0);
  });

  it('dismisses the top card on an outside click unless frozen or locked', () => {
    expect(dismissesOnOutsideClick({ isTop: true, frozen: false, locked: false })).toBe(true);
    expect(dismissesOnOutsideClick({ isTop: false, frozen: false, locked: false })).toBe(false);
    expect(dismissesOnOutsideClick({ isTop: true, frozen: true, locked: false })).toBe(false);
    expect(dismissesOnOutsideClick({ isTop: true, frozen: false, locked: true })).toBe(false);
  });

  it('traps focus in the card: Tab wraps from the last to the first, Shift+Tab from the first to the last', () => {
    expect(wrappedFocusIndex(2, 3, false)).toBe(0);
    expect(wrappedFocusIndex(0, 3, true)).toBe(2);
    // From the card itself (focused on opening) into it, either way.
    expect(wrappedFocusIndex(-1, 3, false)).toBe(0);
    expect(wrappedFocusIndex(-1, 3, true)).toBe(2);
    // In between, the browser moves focus as usual.
    expect(wrappedFocusIndex(1, 3, false)).toBeUndefined();
    expect(wrappedFocusIndex(1, 3, true)).toBeUndefined();
    expect(wrappedFocusIndex(-1, 0, false)).toBeUndefined();
  });
});
