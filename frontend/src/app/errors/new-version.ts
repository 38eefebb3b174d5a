import { useSyncExternalStore } from 'react';

/** Set once a code chunk of this build failed to load: a newer deployment replaced it (spec 001 §4). */
let available = false;
const listeners = new Set<() => void>();

export function markNewVersionAvailable(): void {
  if (available) return;
  available = true;
  for (const listener of listeners) listener();
}

export function useNewVersionAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => available,
  );
}

/** Vite fires `vite:preloadError` when a chunk's preload fails; the app then shows the notice. */
export function listenForPreloadErrors(): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    markNewVersionAvailable();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
