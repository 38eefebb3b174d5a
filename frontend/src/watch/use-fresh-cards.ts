import { useEffect, useState } from 'react';
import { noteArrivals } from './watch-alerts.ts';

/**
 * When each card (by key) first appeared on this screen, and the time now, renewed when the
 * earliest card still new stops being new: no timer runs while nothing is new.
 */
export function useFreshCards(keys: readonly string[], displaySeconds: number): { arrivals: ReadonlyMap<string, number>; now: number } {
  const [arrivals, setArrivals] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [now, setNow] = useState(() => Date.now());
  const joined = keys.join('\n');

  useEffect(() => {
    const at = Date.now();
    setArrivals((known) => noteArrivals(known, joined ? joined.split('\n') : [], at));
    setNow(at);
  }, [joined]);

  useEffect(() => {
    const current = Date.now();
    const ends = [...arrivals.values()].map((at) => at + displaySeconds * 1000).filter((end) => end > current);
    if (ends.length === 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...ends) - current);
    return () => clearTimeout(timer);
  }, [arrivals, now, displaySeconds]);

  return { arrivals, now };
}
