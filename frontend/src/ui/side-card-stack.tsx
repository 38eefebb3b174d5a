import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface SideCardStack {
  /** Cards render into this layer, outside the (possibly faded) page. */
  layer: HTMLElement | null;
  /** Open cards, bottom first. */
  ids: readonly string[];
  register: (id: string) => () => void;
}

const SideCardStackContext = createContext<SideCardStack | null>(null);

/** Holds the open side cards in order, so each knows its position and whether it is on top. */
export function SideCardStackProvider({ children }: { children: ReactNode }) {
  const [ids, setIds] = useState<readonly string[]>([]);
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const register = useCallback((id: string) => {
    setIds((current) => [...current.filter((other) => other !== id), id]);
    return () => setIds((current) => current.filter((other) => other !== id));
  }, []);
  const value = useMemo(() => ({ layer, ids, register }), [layer, ids, register]);
  return (
    <SideCardStackContext.Provider value={value}>
      {children}
      <div ref={setLayer} className="side-card-layer" />
    </SideCardStackContext.Provider>
  );
}

export function useSideCardStack(): SideCardStack {
  const stack = useContext(SideCardStackContext);
  if (!stack) throw new Error('SideCard needs a SideCardStackProvider');
  return stack;
}
