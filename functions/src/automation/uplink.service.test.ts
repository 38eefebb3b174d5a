import { describe, expect, it } from 'vitest';
import { triggerOfPress } from './uplink.service.ts';

describe('the trigger a button press names', () => {
  const menu = { trigger_group_id: 'g', name: 'Kiosk', triggers: [{ id: 't1', name: 'Help' }, { id: 't2', name: 'Clean' }] };

  it('is the trigger id when the menu has it, else the 1-based position', () => {
    expect(triggerOfPress(menu, { trigger_id: 't2' })).toBe('t2');
    expect(triggerOfPress(menu, { position: 1 })).toBe('t1');
    expect(triggerOfPress(menu, { position: 2 })).toBe('t2');
  });

  it('is none for a trigger outside the menu, a position past its end, or no menu', () => {
    expect(triggerOfPress(menu, { trigger_id: 't3' })).toBeUndefined();
    // An id that is not on the menu does not fall back to a position sent beside it.
    expect(triggerOfPress(menu, { trigger_id: 't3', position: 1 })).toBeUndefined();
    expect(triggerOfPress(menu, { position: 3 })).toBeUndefined();
    expect(triggerOfPress(null, { trigger_id: 't1' })).toBeUndefined();
  });
});
