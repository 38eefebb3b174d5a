import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { inject } from 'vitest';
import { parseEnvelope, topicsFor, type Envelope } from '@portal/shared/devices/topics';

/** An envelope as a watch received it, with the moment it arrived. */
export type ReceivedEnvelope = Envelope & { receivedAt: number };

export interface WatchInbox {
  userId: string;
  inbox: ReceivedEnvelope[];
  /** The envelopes of `type` about the item whose id is `data[field]`. */
  about(field: string, id: string, type: string): ReceivedEnvelope[];
}

const { inbox: inboxTopic } = topicsFor();

/**
 * Users' watches on the integration runtime's broker: each subscribes to a user's inbox (with the
 * portal's internal credentials: authorisation is tested elsewhere) and keeps what arrives.
 */
export function watchInboxes() {
  const runtime = inject('runtime');
  const clients: MqttClient[] = [];
  return {
    async watchOf(orgId: string, userId: string): Promise<WatchInbox> {
      const client = await connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, clientId: `portal-watch-${randomUUID()}`, reconnectPeriod: 0 });
      clients.push(client);
      const inbox: ReceivedEnvelope[] = [];
      client.on('message', (_topic, payload) => {
        const envelope = parseEnvelope(payload.toString('utf8'));
        if (envelope) inbox.push({ ...envelope, receivedAt: Date.now() });
      });
      await client.subscribeAsync(inboxTopic(orgId, userId), { qos: 1 });
      return { userId, inbox, about: (field, id, type) => inbox.filter((e) => e.type === type && e.data[field] === id) };
    },
    close: () => Promise.all(clients.map((c) => c.endAsync(true))),
  };
}
