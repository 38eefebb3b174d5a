import { describe, expect, it } from 'vitest';
import { daysOfShortcut, shortcutOf, toggleDay } from './weekdays.ts';

describe('weekday shortcuts', () => {
  it('Everyday, Weekdays, Weekends and Custom (none preselected)', () => {
    expect(daysOfShortcut('everyday')).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(daysOfShortcut('weekdays')).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(daysOfShortcut('weekends')).toEqual(['saturday', 'sunday']);
    expect(daysOfShortcut('custom')).toEqual([]);
  });

  it('recognises a shortcut from days in any order; anything else is custom', () => {
    expect(shortcutOf(['sunday', 'saturday'])).toBe('weekends');
    expect(shortcutOf(['friday', 'monday', 'tuesday', 'wednesday', 'thursday'])).toBe('weekdays');
    expect(shortcutOf(['monday'])).toBe('custom');
    expect(shortcutOf([])).toBe('custom');
  });

  it('toggles a day keeping week order', () => {
    expect(toggleDay(['friday'], 'monday', true)).toEqual(['monday', 'friday']);
    expect(toggleDay(['monday', 'friday'], 'monday', false)).toEqual(['friday']);
    expect(toggleDay(['monday'], 'monday', true)).toEqual(['monday']);
  });
});
