/**
 * The delivery port: how the portal puts a message on a device topic. QoS 1 everywhere (devices
 * drop duplicates by envelope id); `retain` keeps the last message of a topic for devices that
 * subscribe later (the config topic).
 */
export interface PublishOptions {
  qos: 1;
  retain: boolean;
}

export interface DeliveryPort {
  /**
   * Publishes worth keeping in flight at once: HTTP calls to IoT Core are bounded by the Lambda's
   * sockets; one MQTT connection pipelines freely, so the local broker takes a whole fan-out.
   */
  readonly maxInFlight: number;
  publish(topic: string, payload: string | Uint8Array, options: PublishOptions): Promise<void>;
  /** Ends open connections (tests, process shutdown); a later publish connects again. */
  close(): Promise<void>;
}

export const toBytes = (payload: string | Uint8Array): Uint8Array => (typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload);
