import type { IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import { env } from '../config.ts';
import { deliveryEnv, type DeliveryAdapter } from './delivery.ts';
import type { DeliveryPort } from './delivery.port.ts';
import { toBytes } from './delivery.port.ts';

/** The account's data endpoint may come with or without scheme (DescribeEndpoint gives none). */
export const endpointUrl = (address: string) => (/^https?:\/\//.test(address) ? address : `https://${address}`);

/**
 * AWS adapter: IoT Core's data plane Publish (HTTPS). IoT Core delivers it to MQTT subscribers and
 * keeps it as the topic's retained message when `retain` is set.
 */
/** Publishes in flight, and the HTTPS agent's sockets to match (the SDK's default agent has 50). */
export const IOT_DATA_IN_FLIGHT = 200;

let iotDataSdk: Promise<typeof import('@aws-sdk/client-iot-data-plane')> | undefined;
/**
 * The IoT data SDK, evaluated when the port is first created (at the first publish): most requests
 * of the devices function publish nothing (docs/performance.md, "Cold start").
 */
const loadIotData = () => (iotDataSdk ??= import('@aws-sdk/client-iot-data-plane'));

export function createIotDataDelivery(client: IoTDataPlaneClient): DeliveryPort {
  return {
    // HTTPS calls to the IoT data plane, one socket each (iotDataClient).
    maxInFlight: IOT_DATA_IN_FLIGHT,
    async publish(topic, payload, options) {
      const { PublishCommand } = await loadIotData();
      await client.send(new PublishCommand({ topic, qos: options.qos, retain: options.retain, payload: toBytes(payload) }));
    },
    async close() {
      // HTTPS requests hold no connection worth closing.
    },
  };
}

export async function iotDataClient(endpointAddress: string, region: string): Promise<IoTDataPlaneClient> {
  const { IoTDataPlaneClient } = await loadIotData();
  return new IoTDataPlaneClient({
    endpoint: endpointUrl(endpointAddress),
    region,
    // As many sockets as publishes in flight: with the default 50, 150 of them would queue for a socket.
    requestHandler: { httpsAgent: { maxSockets: IOT_DATA_IN_FLIGHT, keepAlive: true } },
  });
}

/**
 * The AWS adapter as a Lambda entry registers it (`registerDeliveryAdapter(iotDataDelivery)`): used
 * when IOT_DATA_ENDPOINT is set (CDK sets it on every publisher) and MQTT_URL is not.
 */
export const iotDataDelivery: DeliveryAdapter = {
  kind: 'iot-data',
  async create() {
    const endpoint = deliveryEnv.iotDataEndpoint;
    if (!endpoint) throw new Error('IOT_DATA_ENDPOINT is not set');
    return createIotDataDelivery(await iotDataClient(endpoint, env.region));
  },
};
