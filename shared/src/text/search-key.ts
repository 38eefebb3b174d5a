/**
 * Text folded for matching: lower case, diacritics stripped (ä -> a), ß -> ss, whitespace
 * collapsed. Keys and search texts are this, cut to their own length.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Normalised text for sort and prefix-search keys: folded, at most 64 characters. Used for user
 * and group name keys and search terms, so "Müller" sorts and matches like "muller".
 */
export function searchKey(text: string): string {
  return foldText(text).slice(0, 64);
}
