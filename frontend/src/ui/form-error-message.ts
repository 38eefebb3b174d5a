import i18n from 'i18next';
import { ApiError } from '../lib/api-url.ts';
import { SERVER_ERRORS_NAMESPACE } from '../lib/i18n.ts';

/** A server message is shown in the user's language by its stable code (server-errors:<code>). */
function translatedByCode(error: ApiError): string | undefined {
  const key = `${SERVER_ERRORS_NAMESPACE}:${error.code}`;
  return error.code && i18n.exists(key) ? i18n.t(key) : undefined;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** The server's `{ message }` of a failed response: our ApiError, or an axios-style `response.data`. */
function responseMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return translatedByCode(error) ?? nonEmpty(error.serverMessage);
  if (!error || typeof error !== 'object' || !('response' in error)) return undefined;
  const response = (error as { response?: { data?: unknown } }).response;
  const data = response?.data;
  if (data && typeof data === 'object' && 'message' in data) return nonEmpty(data.message);
  return undefined;
}

/**
 * Spec 000 §8: the form status shows the response's data.message, else the error if it is a string,
 * else the error's message, else the fallback ('Ooops something went wrong. Please try again later.').
 */
export function formErrorMessage(error: unknown, fallback: string): string {
  // A failed response without a message of its own: its technical text ("Request failed with
  // status 500") means nothing to the user, so the spec's fallback shows instead (issue 11).
  if (error instanceof ApiError) return responseMessage(error) ?? fallback;
  return (
    responseMessage(error) ??
    nonEmpty(error) ??
    (error instanceof Error ? nonEmpty(error.message) : undefined) ??
    (error && typeof error === 'object' && 'message' in error ? nonEmpty(error.message) : undefined) ??
    fallback
  );
}
