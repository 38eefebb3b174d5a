import { useCallback, useEffect, useState } from 'react';

/** How long 'Sent' stays after a press: long enough to read, gone before the next visit. */
export const SENT_NOTICE_MS = 3_000;

/**
 * The short 'Sent' state after a press (the watch's trigger menu, the kiosk's buttons): the name of
 * what was sent, cleared after SENT_NOTICE_MS; a new press restarts it.
 */
export function useSentNotice(): { sent: { name: string; at: number } | undefined; show: (name: string) => void } {
  const [sent, setSent] = useState<{ name: string; at: number }>();
  useEffect(() => {
    if (!sent) return undefined;
    const timer = setTimeout(() => setSent(undefined), SENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [sent]);
  const show = useCallback((name: string) => setSent({ name, at: Date.now() }), []);
  return { sent, show };
}
