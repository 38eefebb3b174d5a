/**
 * lodash's `kebabCase` for ASCII names, in place of lodash's at build (frontend/build/amplify-theme-tokens.ts):
 * Amplify UI names its theme's CSS variables with it (`colors.neutral.10` → `amplify-colors-neutral-10`)
 * when the page starts, and lodash's, with its Unicode word tables, is about 4.5 kB minified on every
 * page (issue 30). The same words as lodash's `words` on ASCII: runs of letters split where a lower-case
 * letter meets an upper-case one, digits apart, ordinals (`2nd`) whole. A test holds it to lodash's
 * answer on every name of Amplify's default theme and on random ASCII strings.
 */
const WORD =
  /[A-Z]?[a-z]+(?=[^A-Za-z0-9]|[A-Z]|$)|[A-Z]+(?=[^A-Za-z0-9]|[A-Z][a-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d*(?:1ST|2ND|3RD|(?![123])\dTH)(?=\b|[a-z_])|\d*(?:1st|2nd|3rd|(?![123])\dth)(?=\b|[A-Z_])|\d+/g;

export default function kebabCase(value: unknown): string {
  const text = value == null ? '' : String(value);
  return (text.replace(/['\u2019]/g, '').match(WORD) ?? []).map((word) => word.toLowerCase()).join('-');
}
