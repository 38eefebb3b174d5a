import { describe, expect, it } from 'vitest';
import { newIotId } from './ids.ts';

describe('ids', () => {
  it('makes alphanumeric MQTT client ids (IoT Core principal ids)', () => {
    expect(newIotId()).toMatch(/^d[0-9a-z]{26}$/);
  });
});
