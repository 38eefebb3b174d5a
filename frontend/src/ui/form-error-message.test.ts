import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../app/server-errors/locales/de.json';
import { ApiError } from '../lib/api-client.ts';
import { formErrorMessage } from './form-error-message.ts';

const FALLBACK = 'Ooops something went wrong. Please try again later.';

describe('formErrorMessage', () => {
  it('prefers the server message of the response', () => {
    expect(formErrorMessage(new ApiError(400, 'Title is required', {}), FALLBACK)).toBe('Title is required');
    expect(formErrorMessage({ response: { data: { message: 'From axios' } }, message: 'x' }, FALLBACK)).toBe('From axios');
  });

  it('then a string error, then the error message', () => {
    expect(formErrorMessage('Plain text', FALLBACK)).toBe('Plain text');
    expect(formErrorMessage(new TypeError('Failed to fetch'), FALLBACK)).toBe('Failed to fetch');
    expect(formErrorMessage({ response: { data: {} }, message: 'Object message' }, FALLBACK)).toBe('Object message');
  });

  it("shows the fallback, not the status text, when the server sent no message", () => {
    expect(formErrorMessage(new ApiError(502, undefined, 'Bad Gateway'), FALLBACK)).toBe(FALLBACK);
    expect(formErrorMessage(new ApiError(500, undefined, undefined), FALLBACK)).toBe(FALLBACK);
  });

  it("shows an input error with a fixed message in the user's language, by its code", async () => {
    await i18n.init({ lng: 'de', resources: { de: { 'server-errors': de } } });
    const tooLarge = new ApiError(413, 'The request body is too large', { message: 'The request body is too large', code: 'body_too_large' });
    expect(formErrorMessage(tooLarge, FALLBACK)).toBe('Die Anfrage ist zu groß');
    const refused = new ApiError(403, 'Your role does not allow this action', { message: 'Your role does not allow this action', code: 'access.roleNotAllowed' });
    expect(formErrorMessage(refused, FALLBACK)).toBe('Ihre Rolle erlaubt diese Aktion nicht');
    const unknownCode = new ApiError(400, 'name must be text', { message: 'name must be text', code: 'invalid_input' });
    expect(formErrorMessage(unknownCode, FALLBACK)).toBe('name must be text');
  });

  it('falls back to the generic text', () => {
    for (const error of [undefined, null, '', '   ', new Error(''), {}, 42]) {
      expect(formErrorMessage(error, FALLBACK)).toBe(FALLBACK);
    }
  });
});
