import { serverMessage } from './server-messages.ts';

/**
 * Paged lists (users, devices, notifications, template search): a page holds DEFAULT_PAGE_SIZE
 * items unless `limit` asks for another size, never more than MAX_PAGE_SIZE; the answer's
 * `next_token` fetches the next page. A token the API did not hand out for that very list is
 * refused with PAGE_TOKEN_INVALID (400).
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const PAGE_TOKEN_INVALID = serverMessage('paging.invalidToken', 'Invalid page token');
