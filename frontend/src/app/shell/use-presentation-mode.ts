import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Presentation mode (spec 000 §2): full screen plus page zoom 0.7. Full screen is best effort
 * (a browser may refuse it); leaving full screen with the browser's own key ends the mode too.
 */
export function usePresentationMode() {
  const [on, setOn] = useState(false);
  const inFullscreen = useRef(false);

  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement) return;
      if (inFullscreen.current) setOn(false);
      inFullscreen.current = false;
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = useCallback(() => {
    if (!on) {
      setOn(true);
      const root = document.documentElement;
      if (typeof root.requestFullscreen === 'function') {
        root.requestFullscreen().then(
          () => (inFullscreen.current = true),
          () => undefined,
        );
      }
      return;
    }
    setOn(false);
    if (document.fullscreenElement) {
      inFullscreen.current = false;
      document.exitFullscreen().catch(() => undefined);
    }
  }, [on]);

  return { on, toggle };
}
