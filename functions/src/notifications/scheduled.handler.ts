import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { logger } from '../platform/logger.ts';
import { runFiringOnce } from '../platform/scheduling/firing-guard.ts';
import type { ScheduledFiring } from '../platform/scheduling/scheduler.port.ts';
import { SEND_TYPE } from './schedules.ts';
import { fireSchedule } from './series.service.ts';

// The AWS adapter of the delivery port (a scheduled send); IOT_DATA_ENDPOINT picks it, MQTT_URL the
// local runtime's (infra/local/functions.ts). docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);

/**
 * The notifications module's scheduled-event function (EventBridge Scheduler on AWS, the local
 * scheduler in the runtime): a one-off sends the stored notification, a series firing creates and
 * sends that occurrence. The firing guard makes a twice-delivered firing act once.
 */
export async function handler(firing: ScheduledFiring): Promise<{ acted: boolean }> {
  if (firing?.target?.module !== 'notifications' || firing.target.type !== SEND_TYPE) {
    logger.warn('Unknown scheduled target ignored', { target: firing?.target });
    return { acted: false };
  }
  const acted = await runFiringOnce(firing, () => fireSchedule(firing.target.orgId, firing.target.id, firing.occurrence));
  return { acted };
}
