import { useCallback, useState } from 'react';

const COLLAPSED_KEY = 'portal.sidebarCollapsed';

function stored(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The sidebar's collapsed state, kept for the next visit (logout clears it with the rest). */
export function useCollapsedSidebar(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(stored);
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, current ? '0' : '1');
      } catch {
        // Not remembered then.
      }
      return !current;
    });
  }, []);
  return [collapsed, toggle];
}
