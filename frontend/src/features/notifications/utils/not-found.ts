import { ApiError } from '../../../lib/api-client.ts';

/** An id the API does not know (or cannot read): the overlay redirects to the list (spec 000 §8). */
export const isUnknownId = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);
