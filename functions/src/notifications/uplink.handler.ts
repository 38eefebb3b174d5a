import { createUplinkHandler } from '../platform/delivery/uplink-entry.ts';
import type { UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { applyUplink } from './uplink.service.ts';

export type { UplinkEvent };

/** Receipts of notifications (received, read). Bad input is dropped, not retried: only infrastructure errors throw. */
export const handler = createUplinkHandler(applyUplink);
