import { describe, expect, it } from 'vitest';
import { documentClient, dynamoDb } from './client.ts';

describe('the DynamoDB client', () => {
  it('has no SDK logger middleware, which would redact every page for a logger that discards it', () => {
    for (const client of [dynamoDb, documentClient]) {
      expect(client.middlewareStack.identify().filter((name) => name.startsWith('loggerMiddleware'))).toEqual([]);
    }
    // Everything else of the stack is still there (the request is still serialised and signed).
    expect(dynamoDb.middlewareStack.identify().length).toBeGreaterThan(5);
  });
});
