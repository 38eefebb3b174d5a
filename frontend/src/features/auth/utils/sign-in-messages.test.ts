import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { historyMessageOf, SIGN_IN_ERROR_NAMES, signInErrorKey } from './sign-in-messages.ts';

function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('signInErrorKey', () => {
  it("maps Cognito's refusals by their name, whatever their English message", () => {
    expect(signInErrorKey(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe('signInErrors.NotAuthorizedException');
    expect(signInErrorKey(named('NotAuthorizedException', 'Invalid password'))).toBe('signInErrors.NotAuthorizedException');
    expect(signInErrorKey(named('InvalidPasswordException', 'Invalid password'))).toBe('signInErrors.InvalidPasswordException');
    expect(signInErrorKey(named('UserNotFoundException', 'User does not exist.'))).toBe('signInErrors.UserNotFoundException');
    expect(signInErrorKey(named('LimitExceededException', 'Attempt limit exceeded'))).toBe('signInErrors.LimitExceededException');
  });

  it('leaves other failures to the generic message', () => {
    expect(signInErrorKey(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(signInErrorKey(named('SignInIncompleteError', 'needs a step'))).toBeUndefined();
    expect(signInErrorKey(named('SomeNewException', 'unknown'))).toBeUndefined();
    expect(signInErrorKey('NotAuthorizedException')).toBeUndefined();
  });

  it('has an English and a German text for every name it maps', () => {
    for (const name of SIGN_IN_ERROR_NAMES) {
      expect(en.signInErrors[name], name).toEqual(expect.any(String));
      expect(de.signInErrors[name], name).toEqual(expect.any(String));
      expect(de.signInErrors[name], name).not.toBe(en.signInErrors[name]);
    }
  });
});

describe('historyMessageOf', () => {
  it('reads a string message from history state', () => {
    expect(historyMessageOf({ message: 'Your session has ended', from: '/x' })).toBe('Your session has ended');
  });

  it('ignores anything else', () => {
    expect(historyMessageOf(null)).toBeUndefined();
    expect(historyMessageOf({ from: '/x' })).toBeUndefined();
    expect(historyMessageOf({ message: 42 })).toBeUndefined();
    expect(historyMessageOf('message')).toBeUndefined();
  });
});
