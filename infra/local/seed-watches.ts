import { deviceSchema } from '@portal/shared/devices/device.schema';
import { registerDevice } from '../../functions/src/devices/devices.service.ts';
import { userIdByEmail } from '../../functions/src/users/users.repository.ts';
import { DEMO_STAFF, type DemoPerson } from './seed-shifts.ts';

/**
 * First start: a Wear OS watch for each demo employee, registered as an administrator does on the
 * Devices page. A person a device serves can be reached (an action asks them "no response", not
 * "not available", decision 0026), which is how the live day's answers came. The credentials are
 * not kept, like the staff's passwords: the device's card issues new ones for a real watch.
 * `staff`: the demo staff as seeded (demoStaff); `serialPrefix` keeps the serial numbers apart
 * from other organisations' (the browser tests seed many organisations in one table).
 */
export async function seedWatches(orgId: string, adminId: string, staff: readonly DemoPerson[] = DEMO_STAFF, serialPrefix = orgId.slice(0, 4)): Promise<void> {
  // One after another: ULID ids keep the staff's order as the devices' creation order.
  for (const [index, person] of staff.entries()) {
    const userId = await userIdByEmail(orgId, person.email);
    if (!userId) continue;
    // Serial numbers are unique across organisations (the device lookup): the organisation's prefix keeps them apart.
    const serial = `WATCH-${serialPrefix.toUpperCase()}-${String(index + 1).padStart(2, '0')}`;
    const input = deviceSchema.validateSync({ device_id: serial, type: 'wear_os', name: `${person.firstname}’s watch`, protocol: 'MQTT', user_id: userId });
    await registerDevice(orgId, input, { userId: adminId });
  }
}
