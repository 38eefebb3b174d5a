import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import './ui.css';

interface SideCardStack {
  /** Cards render into this layer, outside the (possibly faded) page. */
  layer: HTMLElement | null;
  /** Open cards, bottom first. */
  ids: readonly string[];
  register: (id: string) => () => void;
}

const SideCardStackContext = createContext<SideCardStack | null>(null);

/**
 * Holds the open side cards in order, so each knows its position and whether it is on top. While
 * any is open the page behind is inert (out of reach of the keyboard and screen readers, which
 * would otherwise read the faded page); when the last closes, focus returns to what opened it.
 */
export function SideCardStackProvider({ children }: { children: ReactNode }) {
  const [ids, setIds] = useState<readonly string[]>([]);
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const open = useRef(0);
  const opener = useRef<HTMLElement | null>(null);

  const register = useCallback((id: string) => {
    // The first card remembers the opener; a card replacing one in the same commit (loading card,
    // then the loaded one) keeps the opener already remembered.
    if (open.current === 0 && !opener.current && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
    open.current += 1;
    setIds((current) => [...current.filter((other) => other !== id), id]);
    return () => {
      open.current -= 1;
      setIds((current) => current.filter((other) => other !== id));
      if (open.current === 0) setTimeout(() => restoreFocus(open, opener));
    };
  }, []);

  const value = useMemo(() => ({ layer, ids, register }), [layer, ids, register]);
  return (
    <SideCardStackContext.Provider value={value}>
      <div className="side-card-stack__page" inert={ids.length > 0}>
        {children}
      </div>
      <div ref={setLayer} className="side-card-layer" />
    </SideCardStackContext.Provider>
  );
}

/** After the last card closed (and the page is no longer inert): focus its opener, unless focus went elsewhere. */
function restoreFocus(open: { current: number }, opener: { current: HTMLElement | null }) {
  if (open.current > 0) return;
  const target = opener.current;
  opener.current = null;
  const active = document.activeElement;
  if (target?.isConnected && (!active || active === document.body)) target.focus();
}

export function useSideCardStack(): SideCardStack {
  const stack = useContext(SideCardStackContext);
  if (!stack) throw new Error('SideCard needs a SideCardStackProvider');
  return stack;
}
