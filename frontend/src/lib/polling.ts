/** Per-user statuses update live: polled every ~2 s while a details pane is open (notifications, actions). */
export const STATUS_POLL_MS = 2_000;
