import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import mqtt, { type MqttClient } from 'mqtt';
import { userClientId } from '@portal/shared/devices/client-ids';
import { parseEnvelope, topicsFor, type Envelope } from '@portal/shared/devices/topics';
import { closeConnection, releaseConnection } from './broker.ts';
import { createEnvelopeDedupe } from './envelope-dedupe.ts';
import { messageKind } from './message-kinds.tsx';
import { newId } from './new-id.ts';
import { buttonEnvelope, receiptEnvelope, type Receipt } from './watch-events.ts';
import { applyEnvelope, markRead, type WatchMessage, type WatchResponse } from './watch-inbox.ts';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

interface Options {
  url: string;
  /** The deployment's MQTT topic root (`mqttTopicRoot` of /config.json). */
  topicRoot: string;
  orgId: string;
  userId: string;
  /** The Cognito ID token (the broker's password), fetched fresh for every connection. */
  getToken: () => Promise<string | undefined>;
}

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/**
 * The watch's MQTT session over WebSocket as the signed-in user: subscribes to the user's inbox
 * (QoS 1), drops repeated envelopes, and sends receipts and answers on the user's events topic.
 * Reconnects with a fresh token, backing off up to a minute; what it sends waits for the connection. The client id is
 * the user's own (`user-{sub}-{suffix}`, decision 0011): the broker refuses any other, and the
 * suffix, fixed per page, lets several tabs of the same user connect side by side.
 */
export function useWatchConnection({ url, topicRoot, orgId, userId, getToken }: Options) {
  const topics = useMemo(() => topicsFor(topicRoot), [topicRoot]);
  const suffix = useRef(newId().replace(/-/g, '').slice(0, 16));
  const [state, setState] = useState<ConnectionState>('connecting');
  const [messages, setMessages] = useState<WatchMessage[]>([]);
  const client = useRef<MqttClient | undefined>(undefined);
  /** Uplink envelopes, built when the user acted (their `at`), sent once connected. */
  const pending = useRef<Envelope<string, object>[]>([]);
  const sent = useRef(new Set<string>());
  const token = useRef(getToken);
  token.current = getToken;

  const flush = useCallback(() => {
    const current = client.current;
    if (!current?.connected) return;
    for (const envelope of pending.current.splice(0)) {
      current.publish(topics.userEvents(orgId, userId), JSON.stringify(envelope), { qos: 1 });
    }
  }, [topics, orgId, userId]);

  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    const dedupe = createEnvelopeDedupe();
    setMessages([]);
    setState('connecting');
    sent.current.clear();
    pending.current = [];

    const scheduleRetry = () => {
      if (stopped) return;
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    };

    async function connect() {
      const password = await token.current().catch(() => undefined);
      if (stopped) return;
      if (!password) return setState('disconnected');
      const next = mqtt.connect(url, {
        username: 'user',
        password,
        clientId: userClientId(userId, suffix.current),
        clean: true,
        reconnectPeriod: 0,
        connectTimeout: 15_000,
        keepalive: 30,
      });
      client.current = next;
      next.on('connect', () => {
        next.subscribe(topics.inbox(orgId, userId), { qos: 1 }, (error, granted) => {
          if (error || granted?.some((g) => g.qos === 128)) {
            setState('disconnected');
            next.end(true);
            return;
          }
          delay = FIRST_RETRY_MS;
          setState('connected');
          flush();
        });
      });
      next.on('message', (_topic, payload) => {
        const envelope = parseEnvelope(payload.toString());
        if (!envelope || !dedupe.accept(envelope.id)) return;
        setMessages((list) => applyEnvelope(list, envelope));
      });
      next.on('close', () => {
        if (client.current !== next) return;
        setState('disconnected');
        closeConnection(next);
        scheduleRetry();
      });
      // A failed connect closes the socket too; 'close' handles it.
      next.on('error', () => undefined);
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      releaseConnection(client);
    };
  }, [url, topics, orgId, userId, flush]);

  /** Sends a receipt once per message and event (QoS 1; the portal counts repeats once), for the kinds that have receipts. */
  const receipt = useCallback(
    (message: WatchMessage, event: Receipt) => {
      if (!messageKind(message.kind).receipts) return;
      const key = `${event}:${message.kind}:${message.messageId}`;
      if (sent.current.has(key)) return;
      sent.current.add(key);
      pending.current.push(receiptEnvelope(message.kind, message.messageId, event, newId()));
      flush();
    },
    [flush],
  );

  const open = useCallback(
    (message: WatchMessage) => {
      setMessages((list) => markRead(list, message));
      receipt(message, 'read');
    },
    [receipt],
  );

  const send = useCallback(
    (envelope: Envelope<string, object>) => {
      pending.current.push(envelope);
      flush();
    },
    [flush],
  );

  /**
   * What the user did in an opened message, as its kind's row says (an action's answer, a task's
   * answer or ticks): the inbox changes at once and the envelope goes up; an answer goes once.
   */
  const answer = useCallback(
    (message: WatchMessage, given: WatchResponse) => {
      const reply = messageKind(message.kind).respond?.(message, given, newId());
      if (!reply) return;
      if (reply.once) {
        const key = `answer:${message.kind}:${message.messageId}`;
        if (sent.current.has(key)) return;
        sent.current.add(key);
      }
      setMessages(reply.update);
      send(reply.envelope);
    },
    [send],
  );

  /** A trigger chosen from the user's trigger menu: a `button` event naming it (the portal checks it is in the menu). */
  const press = useCallback((triggerId: string) => send(buttonEnvelope({ trigger_id: triggerId }, newId())), [send]);

  return { state, messages, receipt, open, answer, press };
}
