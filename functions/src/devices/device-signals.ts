import { moduleSignal } from '../platform/module-signal.ts';
import type { DeviceItem } from './device.entity.ts';

/**
 * A device was registered, edited, given tablet settings or a changed design, or removed: what it
 * is told follows (device-config listens; decision 0064). `mustDeliver`: the request fails (503)
 * when its config is not delivered, else a failed delivery is logged; `removed`: its retained
 * config is cleared.
 */
export const deviceChanged = moduleSignal<{ device: DeviceItem; mustDeliver?: boolean; removed?: boolean }>();
