import { describe, expect, it } from 'vitest';
import { translatedMessage } from './validation-map.ts';

describe('translatedMessage', () => {
  const map = { 'Passwords must match': 'Die Passwörter müssen übereinstimmen', 'Bad value': 42 };

  it('looks the English text up as a whole key', () => {
    expect(translatedMessage(map, 'Passwords must match')).toBe('Die Passwörter müssen übereinstimmen');
  });

  it('returns undefined for unknown messages, non-string values and a missing map', () => {
    expect(translatedMessage(map, 'Something else')).toBeUndefined();
    expect(translatedMessage(map, 'Bad value')).toBeUndefined();
    expect(translatedMessage('validation', 'Passwords must match')).toBeUndefined();
    expect(translatedMessage(undefined, 'Passwords must match')).toBeUndefined();
  });
});
