/** Devices republished at once; the delivery port's single MQTT client takes them in flight. */
const CONCURRENCY = 16;
/** Rows per Scan page. */
const PAGE_SIZE = 100;

/**
 * aedes keeps retained messages in memory only, so after a restart of the local runtime no device
 * would get its configuration until the next change. On start, after the broker is up, this puts
 * every device's current configuration back as the retained message of its config topic, through
 * the same `publishDeviceConfig` the device-config module uses. (IoT Core keeps retained messages itself,
 * so nothing like this runs on AWS.)
 *
 * Why a Scan: no access pattern lists devices across organisations. Every tenant key starts with
 * `ORG#{orgId}` and no AP lists the organisations either (docs/data-model.md); the global lookup rows
 * are keyed by the value they resolve. Adding a deployment-wide device index only for this would
 * cost an index write per device change on AWS, where nothing needs it. So, at start-up of the local
 * runtime only (never in a Lambda: their IAM grants have no dynamodb:Scan), a paginated Scan that
 * ElectroDB filters to the `device` entity. Local tables are small; it runs once per start.
 *
 * Loaded lazily: the functions read their environment (table, endpoints, topic root) at load.
 * Returns how many devices were republished; a device that fails is logged and skipped.
 */
export async function republishDeviceConfigs(log: { error: (message: string) => void }): Promise<number> {
  const { DeviceEntity } = await import('../../functions/src/devices/device.entity.ts');
  const { publishDeviceConfig, loadOrgConfig } = await import('../../functions/src/device-config/public.ts');
  // What an organisation's devices share (watch settings, trigger menus) is read once per organisation.
  const orgConfigs = new Map<string, ReturnType<typeof loadOrgConfig>>();
  const orgConfig = (orgId: string) => orgConfigs.get(orgId) ?? orgConfigs.set(orgId, loadOrgConfig(orgId)).get(orgId)!;
  let count = 0;
  let cursor: string | null = null;
  do {
    const page: { data: Parameters<typeof publishDeviceConfig>[0][]; cursor: string | null } = await DeviceEntity.scan.go({ cursor, limit: PAGE_SIZE });
    for (let i = 0; i < page.data.length; i += CONCURRENCY) {
      const results = await Promise.allSettled(page.data.slice(i, i + CONCURRENCY).map(async (device) => publishDeviceConfig(device, await orgConfig(device.orgId))));
      results.forEach((result, j) => {
        if (result.status === 'fulfilled') count++;
        else log.error(`Device ${page.data[i + j]!.deviceId}: configuration not republished: ${(result.reason as Error).message}`);
      });
    }
    cursor = page.cursor;
  } while (cursor);
  return count;
}
