import { foldText } from '../text/search-key.ts';

/** Longest stored `search_text` (docs/data-model.md AP65). */
export const SEARCH_TEXT_MAX = 512;

/**
 * The normalised text a template is searched in: the same folding as `searchKey` (lower case,
 * diacritics stripped, ß -> ss, whitespace collapsed), over title and message, up to 512
 * characters. A search term is folded with `searchKey` and matched as a substring.
 */
export function searchText(...parts: string[]): string {
  return foldText(parts.join(' ')).slice(0, SEARCH_TEXT_MAX);
}
