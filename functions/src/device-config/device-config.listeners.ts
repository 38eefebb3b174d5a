import { triggerMenusChanged } from '../automation/public.ts';
import { deviceChanged, type DeviceItem } from '../devices/public.ts';
import { deviceSettingsChanged } from '../settings/public.ts';
import { triggerMenuChoiceChanged } from '../users/public.ts';
import { clearDeviceConfig, publishDeviceConfig, publishDeviceConfigQuietly, republishDeviceConfigs } from './device-config.service.ts';

/** One device changed: its config follows (a failed delivery fails the request only when it must be delivered), or is cleared. */
async function onDeviceChanged({ device, mustDeliver, removed }: { device: DeviceItem; mustDeliver?: boolean; removed?: boolean }): Promise<void> {
  if (removed) await clearDeviceConfig(device);
  else if (mustDeliver) await publishDeviceConfig(device);
  else await publishDeviceConfigQuietly(device);
}

/** Something every device of the organisation carries changed: each gets its config again (quiet). */
const onOrgChanged = ({ orgId }: { orgId: string }) => republishDeviceConfigs(orgId);

/**
 * What device-config listens to (decision 0064): the signals of the modules whose data a device is
 * told. The Lambda entries whose changes reach devices register them (those with `publishes:
 * 'deviceConfig'` in infra/aws/function-needs.ts), beside the IoT data adapter they publish with.
 * Registering again adds nothing.
 */
export function registerDeviceConfigListeners(): void {
  deviceChanged.listen(onDeviceChanged);
  deviceSettingsChanged.listen(onOrgChanged);
  triggerMenuChoiceChanged.listen(onOrgChanged);
  triggerMenusChanged.listen(onOrgChanged);
}
