/** Devices republished at once; the delivery port's single MQTT client takes them in flight. */
const CONCURRENCY = 16;
/** Rows per Scan page. */
const PAGE_SIZE = 100;

/**
 * On start, after the broker is up, every device's current configuration as the retained message
 * of its config topic, through the same `publishDeviceConfig` the device-config module uses. The
 * broker keeps retained messages across restarts, also a kill (its LevelDB under DATA_DIR,
 * decision 0065): `retained` is what it holds, by topic, and a device whose retained configuration
 * already says what the table says is not published again (its retained message stays, envelope id
 * and all). So a restart publishes only what changed while no broker kept it (a change whose
 * publish failed, a data directory from before 0065, or one whose broker store is gone), not one
 * message per device, each waiting for the portal's connection while hundreds of watches reconnect
 * (docs/reliability.md, Open, 8). IoT Core keeps retained messages itself, so nothing like this runs
 * on AWS.
 *
 * Why a Scan: no access pattern lists devices across organisations. Every tenant key starts with
 * `ORG#{orgId}` and no AP lists the organisations either (docs/data-model.md); the global lookup rows
 * are keyed by the value they resolve. Adding a deployment-wide device index only for this would
 * cost an index write per device change on AWS, where nothing needs it. So, at start-up of the local
 * runtime only (never in a Lambda: their IAM grants have no dynamodb:Scan), a paginated Scan that
 * ElectroDB filters to the `device` entity. Local tables are small; it runs once per start.
 *
 * Loaded lazily: the functions read their environment (table, endpoints, topic root) at load.
 * Returns how many devices were published and how many were left as retained; a device that fails
 * is logged and skipped. Once `stopped()` (the runtime stops), no further device is begun.
 */
export async function republishDeviceConfigs(
  log: { error: (message: string) => void },
  retained: ReadonlyMap<string, string> = new Map(),
  stopped: () => boolean = () => false,
): Promise<{ published: number; unchanged: number }> {
  const { DeviceEntity } = await import('../../functions/src/devices/device.entity.ts');
  const { publishDeviceConfig, loadOrgConfig } = await import('../../functions/src/device-config/public.ts');
  // What an organisation's devices share (watch settings, trigger menus) is read once per organisation.
  const orgConfigs = new Map<string, ReturnType<typeof loadOrgConfig>>();
  const orgConfig = (orgId: string) => orgConfigs.get(orgId) ?? orgConfigs.set(orgId, loadOrgConfig(orgId)).get(orgId)!;
  const counts = { published: 0, unchanged: 0 };
  const retainedOn = (topic: string) => retained.get(topic);
  let cursor: string | null = null;
  do {
    const page: { data: Parameters<typeof publishDeviceConfig>[0][]; cursor: string | null } = await DeviceEntity.scan.go({ cursor, limit: PAGE_SIZE });
    for (let i = 0; i < page.data.length && !stopped(); i += CONCURRENCY) {
      const results = await Promise.allSettled(
        page.data.slice(i, i + CONCURRENCY).map(async (device) => publishDeviceConfig(device, await orgConfig(device.orgId), { retained: retainedOn })),
      );
      results.forEach((result, j) => {
        if (result.status === 'fulfilled') counts[result.value]++;
        else log.error(`Device ${page.data[i + j]!.deviceId}: configuration not republished: ${(result.reason as Error).message}`);
      });
    }
    cursor = page.cursor;
  } while (cursor && !stopped());
  return counts;
}
