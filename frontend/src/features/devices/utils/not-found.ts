import { ApiError } from '../../../lib/api-client.ts';

/** An edit route's id the API does not know: the route goes back to its list (spec 001 §2). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
