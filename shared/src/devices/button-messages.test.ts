import { describe, expect, it } from 'vitest';
import { buttonEventEnvelope, parseButtonEvent } from './button-messages.ts';

describe('button presses', () => {
  const at = '2026-03-02T08:00:00.000Z';

  it('reads a press by trigger id or by 1-based position', () => {
    expect(parseButtonEvent('button', { kind: 'button', trigger_id: 'T1', at })).toEqual({ trigger_id: 'T1', at });
    expect(parseButtonEvent('button', { kind: 'button', button: '2', at })).toEqual({ position: 2, at });
    expect(parseButtonEvent('button', { kind: 'button', button: 3 })).toEqual({ position: 3 });
  });

  it('refuses what is no press', () => {
    expect(parseButtonEvent('accepted', { kind: 'button', trigger_id: 'T1', at })).toBeUndefined();
    expect(parseButtonEvent('button', { kind: 'action', trigger_id: 'T1', at })).toBeUndefined();
    expect(parseButtonEvent('button', { kind: 'button', at })).toBeUndefined();
    for (const button of ['0', 0, '-1', '1.5', 1.5, '51', 'one', true]) expect(parseButtonEvent('button', { kind: 'button', button })).toBeUndefined();
    // A malformed id does not fall back to the position.
    for (const trigger_id of ['', 'a#b', 'x'.repeat(129), 7]) expect(parseButtonEvent('button', { kind: 'button', trigger_id, button: '1' })).toBeUndefined();
  });

  it('builds the envelope the emulators publish', () => {
    const now = new Date(at);
    expect(buttonEventEnvelope({ trigger_id: 'T1' }, 'e1', now)).toMatchObject({ id: 'e1', type: 'button', data: { kind: 'button', trigger_id: 'T1', at } });
    expect(buttonEventEnvelope({ button: 2 }, 'e2', now).data).toEqual({ kind: 'button', button: '2', at });
  });
});
