import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import mqtt, { type MqttClient } from 'mqtt';
import { parseEnvelope, topicsFor } from '@portal/shared/devices/topics';
import { newId } from '../lib/new-id.ts';
import { closeConnection, releaseConnection } from '../watch/broker.ts';
import { buttonEnvelope } from '../watch/watch-events.ts';
import { isRefusal, kioskConfigOf, type KioskButton, type KioskConfig, type KioskCredentials } from './kiosk-config.ts';

/** `refused`: the broker turned the credentials down (docs/device-protocol.md §6); the kiosk stops and asks for new ones. */
export type KioskConnectionState = 'connecting' | 'connected' | 'disconnected' | 'refused';

/** Backing off after a lost connection, as docs/device-protocol.md §6 asks: 5 s doubling up to 5 min. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 300_000;

/**
 * The kiosk's MQTT session over WebSocket as the tablet itself (docs/device-protocol.md §3): client
 * id its iot_id, username its id, password its token. It subscribes to its config topic, whose
 * retained message names its trigger group, and publishes a `button` event per press on its events
 * topic. A clean session: the kiosk wants only the retained config, which comes at every subscribe.
 */
export function useKioskConnection(url: string, topicRoot: string, credentials: KioskCredentials) {
  const topics = useMemo(() => topicsFor(topicRoot), [topicRoot]);
  const [state, setState] = useState<KioskConnectionState>('connecting');
  /** undefined until the retained config arrives; 'deleted' for an empty retained payload. */
  const [config, setConfig] = useState<KioskConfig | 'deleted'>();
  const client = useRef<MqttClient | undefined>(undefined);
  const { orgId, clientId, username, token } = credentials;
  // A username pasted in IoT Core's TLS form (`{id}?x-amz-customauthorizer-name=…`) still names the device.
  const deviceId = username.split('?')[0] ?? '';

  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    setState('connecting');
    setConfig(undefined);

    function connect() {
      let refused = false;
      const next = mqtt.connect(url, { clientId, username, password: token, clean: true, reconnectPeriod: 0, connectTimeout: 15_000, keepalive: 30 });
      client.current = next;
      next.on('connect', () => {
        next.subscribe(topics.deviceConfig(orgId, deviceId), { qos: 1 }, (error, granted) => {
          // A config topic not granted: these credentials are not this organisation's device.
          if (error || granted?.some((g) => g.qos === 128)) {
            refused = true;
            next.end(true);
            return;
          }
          delay = FIRST_RETRY_MS;
          setState('connected');
        });
      });
      next.on('message', (_topic, payload) => {
        if (payload.length === 0) return setConfig('deleted');
        const envelope = parseEnvelope(payload.toString());
        const parsed = envelope ? kioskConfigOf(envelope) : undefined;
        if (parsed) setConfig(parsed);
      });
      next.on('error', (error: Error & { code?: unknown }) => {
        if (isRefusal(error.code)) refused = true;
      });
      next.on('close', () => {
        if (client.current !== next) return;
        closeConnection(next);
        if (stopped) return;
        setState(refused ? 'refused' : 'disconnected');
        if (refused) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      });
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      releaseConnection(client);
    };
  }, [url, topics, orgId, clientId, username, token, deviceId]);

  /** A press: the button event on the events topic the config gave (QoS 1); false when it cannot go now. */
  const press = useCallback(
    (button: KioskButton) => {
      const current = client.current;
      if (!current?.connected || !config || config === 'deleted') return false;
      const envelope = buttonEnvelope({ trigger_id: button.triggerId, button: button.position }, newId());
      current.publish(config.eventsTopic, JSON.stringify(envelope), { qos: 1 });
      return true;
    },
    [config],
  );

  return { state, config, press };
}
