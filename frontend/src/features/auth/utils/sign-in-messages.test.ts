import { describe, expect, it } from 'vitest';
import { historyMessageOf, serverMessageOf } from './sign-in-messages.ts';

function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('serverMessageOf', () => {
  it('passes a Cognito error message through', () => {
    expect(serverMessageOf(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Incorrect username or password.',
    );
  });

  it('leaves other failures to the generic message', () => {
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessageOf(named('SignInIncompleteError', 'needs a step'))).toBeUndefined();
    expect(serverMessageOf(named('NotAuthorizedException', '  '))).toBeUndefined();
    expect(serverMessageOf('boom')).toBeUndefined();
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
