import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { PRESENTATION_ZOOM } from '@portal/shared/constants';

/**
 * The shell's style in presentation mode. Under CSS zoom a length of 100vh becomes 70 % of the
 * window, so shell.css divides its viewport heights by --shell-zoom and the page still fills it.
 */
export function presentationStyle(on: boolean): CSSProperties | undefined {
  return on ? ({ zoom: PRESENTATION_ZOOM, '--shell-zoom': PRESENTATION_ZOOM } as CSSProperties) : undefined;
}

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
