import { useState } from 'react';

/**
 * A field's own value: the router writes the query a moment after a change, and a controlled field
 * would show the old value until then (a second arrow key would start from it). The query's value
 * wins when it changes under the field (back button, a link).
 */
export function useFieldValue<T extends string>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  return [draft, setDraft];
}
