import { describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from './pin.ts';

describe('PIN hashing', () => {
  it('verifies the PIN it hashed and nothing else, with a fresh salt each time', async () => {
    const stored = await hashPin('0420');
    expect(stored).not.toContain('0420');
    await expect(verifyPin('0420', stored)).resolves.toBe(true);
    await expect(verifyPin('0421', stored)).resolves.toBe(false);
    expect(await hashPin('0420')).not.toBe(stored);
  });
});
