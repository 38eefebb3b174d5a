import { createContext, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { DEVELOPER_MODE_PARAM } from './page-fade.ts';

/** `developer-mode=true|false` in the query switches the mode; without it the last choice stays. */
export function nextDeveloperMode(current: boolean, search: string): boolean {
  const value = new URLSearchParams(search).get(DEVELOPER_MODE_PARAM);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return current;
}

const DeveloperModeContext = createContext(false);

/** Remembers developer mode across navigation (spec 000 §1, §6: reveals inspect/code links). */
export function DeveloperModeProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const [enabled, setEnabled] = useState(() => nextDeveloperMode(false, search));
  const next = nextDeveloperMode(enabled, search);
  // Adjusting state while rendering: the query is the source, no effect round-trip needed.
  if (next !== enabled) setEnabled(next);
  return <DeveloperModeContext.Provider value={next}>{children}</DeveloperModeContext.Provider>;
}

export function useDeveloperMode(): boolean {
  return useContext(DeveloperModeContext);
}
