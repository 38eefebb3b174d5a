import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { USERS_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { FILTER_PARAM, normaliseFilter, withFilter } from '../utils/users-filter.ts';

/** The applied search: the `filter` query parameter. */
export function useFilterParam(): string {
  const [params] = useSearchParams();
  return normaliseFilter(params.get(FILTER_PARAM));
}

/**
 * The header search (spec 001 §2): what is typed goes into `filter` 300 ms after typing stops;
 * a `filter` changed from outside (back button, a link) is shown in the field.
 */
export function useSearchFilter(): { text: string; setText: (text: string) => void } {
  const [params, setParams] = useSearchParams();
  const filter = normaliseFilter(params.get(FILTER_PARAM));
  const [text, setText] = useState(filter);
  const [seen, setSeen] = useState(filter);
  // Adjusting state while rendering: the URL wins when it changes under us.
  if (filter !== seen) {
    setSeen(filter);
    if (normaliseFilter(text) !== filter) setText(filter);
  }

  useEffect(() => {
    const wanted = normaliseFilter(text);
    if (wanted === filter) return;
    const timer = setTimeout(() => {
      setParams((current) => new URLSearchParams(withFilter(current.toString(), wanted)), { replace: true });
    }, USERS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filter, setParams]);

  return { text, setText };
}
