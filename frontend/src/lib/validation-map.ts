/**
 * Schema messages are the spec's English text; a `validation` map (English text -> translation)
 * translates them. The map is read as an object because the English keys contain characters
 * i18next would treat as key separators.
 */
export function translatedMessage(map: unknown, message: string): string | undefined {
  if (!map || typeof map !== 'object') return undefined;
  const translated = (map as Record<string, unknown>)[message];
  return typeof translated === 'string' ? translated : undefined;
}
