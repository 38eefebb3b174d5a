import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import type { DeliveryPort } from './delivery.port.ts';
import { toBytes } from './delivery.port.ts';

/** The account's data endpoint may come with or without scheme (DescribeEndpoint gives none). */
export const endpointUrl = (address: string) => (/^https?:\/\//.test(address) ? address : `https://${address}`);

/**
 * AWS adapter: IoT Core's data plane Publish (HTTPS). IoT Core delivers it to MQTT subscribers and
 * keeps it as the topic's retained message when `retain` is set.
 */
export function createIotDataDelivery(client: IoTDataPlaneClient): DeliveryPort {
  return {
    // HTTPS calls to the IoT data plane, bounded by the Lambda's socket pool.
    maxInFlight: 200,
    async publish(topic, payload, options) {
      await client.send(new PublishCommand({ topic, qos: options.qos, retain: options.retain, payload: toBytes(payload) }));
    },
    async close() {
      // HTTPS requests hold no connection worth closing.
    },
  };
}

export function iotDataClient(endpointAddress: string, region: string): IoTDataPlaneClient {
  return new IoTDataPlaneClient({ endpoint: endpointUrl(endpointAddress), region });
}
