import { timingSafeEqual } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import levelPersistence from 'aedes-persistence-level';
import { ClassicLevel } from 'classic-level';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { PORTAL_CLIENT_ID_PREFIX } from '@portal/shared/devices/client-ids';
import { securityEvent, type SecurityEvent } from '../../functions/src/platform/security/security-events.ts';
import { listenOn } from './net-utils.ts';

/** What a connected client may do; decided once, at CONNECT. */
export interface BrokerGrant {
  /** For logs: 'portal', 'device:{deviceId}', 'user:{sub}'. */
  principal: string;
  maySubscribe: (topicFilter: string) => boolean;
  mayPublish: (topic: string, retain: boolean) => boolean;
}

export interface BrokerCredentials {
  clientId: string;
  username?: string;
  password?: string;
}

/**
 * Credentials of this kind, refused: `credentials` (CONNACK 4, bad username or password),
 * `client-id` (CONNACK 2, identifier rejected: valid credentials, someone else's client id) or
 * `not-authorized` (CONNACK 5: valid, nothing to grant). `actor`, `orgId` and `detail` go into the
 * security event; never a password.
 */
export interface BrokerRefusal {
  refused: 'credentials' | 'client-id' | 'not-authorized';
  actor: string;
  orgId?: string;
  detail: string;
}

/**
 * Turns CONNECT credentials into a grant or a refusal, or undefined when they are not its kind.
 * The broker asks each in turn; the first answer counts.
 */
export type BrokerAuthenticator = (credentials: BrokerCredentials) => Promise<BrokerGrant | BrokerRefusal | undefined>;

export interface BrokerOptions {
  /** Password of the portal's own client (username `portal`); without it the portal cannot log in. */
  internalToken?: string;
  /** Defaults to [portal, users, devices]. */
  authenticators?: BrokerAuthenticator[];
  /** The TCP port's address: 127.0.0.1 unless given (the portal's HOST). */
  host?: string;
  /**
   * Where the broker keeps its sessions (subscriptions of clean=false clients, their queued and
   * in-flight QoS 1 messages) and retained messages, so a restart on the same directory, also
   * after a SIGKILL, finds them again (decision 0065; IoT Core's persistent sessions on AWS).
   * Without it, in memory: gone with the process.
   */
  sessionsDir?: string;
  /** A broker error (such as a persistence failure) that would otherwise end the process. */
  onError?: (error: Error) => void;
}

export interface LocalBroker {
  broker: Aedes;
  tcpUrl: string;
  /** Attach to the portal's HTTP server: WebSocket upgrades on `/mqtt` become MQTT connections. */
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** The retained messages the broker holds (kept across restarts with `sessionsDir`): payload by topic. */
  retainedPayloads: () => Promise<Map<string, string>>;
  stop: () => Promise<void>;
}

/** Must match the delivery port's MQTT adapter (functions/src/platform/delivery/mqtt.adapter.ts). */
export const PORTAL_USERNAME = 'portal';

/** The portal itself publishes and subscribes anywhere, under a client id of its own prefix (`portal-…`). */
export function portalAuthenticator(internalToken: string | undefined): BrokerAuthenticator {
  return async ({ clientId, username, password }) => {
    if (username !== PORTAL_USERNAME) return undefined;
    if (!internalToken || password === undefined) return { refused: 'credentials', actor: 'anonymous', detail: 'bad username or password' };
    const given = Buffer.from(password);
    const expected = Buffer.from(internalToken);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'credentials', actor: 'anonymous', detail: 'bad username or password' };
    if (!clientId.startsWith(PORTAL_CLIENT_ID_PREFIX)) return { refused: 'client-id', actor: 'portal', detail: `the portal's client ids start with ${PORTAL_CLIENT_ID_PREFIX}` };
    return { principal: 'portal', maySubscribe: () => true, mayPublish: () => true };
  };
}

type DeviceAuth = typeof import('../../functions/src/devices/device-auth.service.ts');
type UserAuthDeps = import('../../functions/src/devices/device-auth.service.ts').UserAuthDeps;

/**
 * The functions' broker authorisation, loaded on first use, after the runtime has set the
 * environment the functions read (table, endpoints, topic root).
 */
const deviceAuth = (): Promise<DeviceAuth> => import('../../functions/src/devices/device-auth.service.ts');

/** The decision of the functions' logic as the broker's answer; no retained publishes for anyone but the portal (IoT Core grants devices and people no iot:RetainPublish). */
function answerOf(auth: DeviceAuth, decision: Awaited<ReturnType<DeviceAuth['decideConnect']>>): BrokerGrant | BrokerRefusal {
  if (decision.outcome === 'refused') {
    return { refused: decision.reason, actor: decision.actor, ...(decision.orgId ? { orgId: decision.orgId } : {}), detail: decision.detail };
  }
  const { grant } = decision;
  return {
    principal: `${decision.kind}:${decision.actor}`,
    maySubscribe: (filter) => auth.maySubscribe(grant, filter),
    mayPublish: (topic, retain) => !retain && auth.mayPublish(grant, topic),
  };
}

/** Devices, checked by the same logic as IoT Core's custom authorizer: every username but `portal` and `user…`. */
export function deviceAuthenticator(): BrokerAuthenticator {
  return async (credentials) => {
    const auth = await deviceAuth();
    if (credentials.username === PORTAL_USERNAME || auth.isUserUsername(credentials.username)) return undefined;
    const { device: _device, ...decision } = await auth.decideDeviceConnect(credentials);
    return answerOf(auth, decision);
  };
}

/**
 * People without a device (the watch emulator in the browser): username `user` (or `user:{sub}`),
 * password a Cognito ID token, client id `user-{sub}` or `user-{sub}-{suffix}`, checked by the
 * same logic as IoT Core's custom authorizer. They may subscribe to their own inbox and publish
 * receipts on their own events topic, in each organisation they are a member of. The grant is
 * fixed at CONNECT; a removed member keeps it until the client reconnects.
 */
export function userAuthenticator(deps?: UserAuthDeps): BrokerAuthenticator {
  return async (credentials) => {
    const auth = await deviceAuth();
    if (!auth.isUserUsername(credentials.username)) return undefined;
    return answerOf(auth, await auth.decideUserConnect(credentials, deps ?? auth.defaultUserAuthDeps));
  };
}

const CONNACK = { credentials: 4, 'client-id': 2, 'not-authorized': 5 } as const;
const MESSAGES = { 2: 'Identifier rejected', 3: 'Server unavailable', 4: 'Bad username or password', 5: 'Not authorized' } as const;

export type AuthenticateAnswer = { grant: BrokerGrant } | { returnCode: 2 | 3 | 4 | 5; event: SecurityEvent };

const clip = (value: string) => value.slice(0, 128);

/**
 * Asks the authenticators in turn and turns the first answer into a grant or a CONNACK return
 * code with its security event (`broker_connect_refused`: actor, organisation when known, the
 * client id as target, a secret-free detail).
 */
export async function authenticateClient(authenticators: BrokerAuthenticator[], credentials: BrokerCredentials): Promise<AuthenticateAnswer> {
  const target = clip(credentials.clientId);
  try {
    for (const authenticate of authenticators) {
      const answer = await authenticate(credentials);
      if (!answer) continue;
      if (!('refused' in answer)) return { grant: answer };
      const { refused, actor, orgId, detail } = answer;
      return { returnCode: CONNACK[refused], event: { actor, ...(orgId ? { orgId } : {}), target, outcome: 'refused', detail: `${refused}: ${detail}` } };
    }
    return { returnCode: 4, event: { actor: 'anonymous', target, outcome: 'refused', detail: 'credentials: bad username or password' } };
  } catch (error) {
    return { returnCode: 3, event: { actor: 'anonymous', target, outcome: 'failed', detail: `authentication unavailable: ${(error as Error).name}` } };
  }
}

const authError = (returnCode: 2 | 3 | 4 | 5) => Object.assign(new Error(MESSAGES[returnCode]), { returnCode }) as AuthenticateError;

/**
 * The sessions store, its reads made empty once it is closed. aedes reads the retained messages for
 * a subscription as a stream, one store iterator per pattern; a stop right after a client subscribed
 * (the uplink's restart in uplink.test.ts) closed the store between two patterns, and the next
 * iterator's "Database is not open" was thrown uncaught from aedes' stream. A stopped broker
 * delivers nothing, so the rest of that stream reads as empty.
 */
export function readsEmptyOnceClosed(db: ClassicLevel<string, Buffer>): ClassicLevel<string, Buffer> {
  const values = db.values.bind(db) as (...args: unknown[]) => unknown;
  const empty = async function* () {};
  db.values = ((...args: unknown[]) => (db.status === 'open' ? values(...args) : empty())) as unknown as typeof db.values;
  return db;
}

/** Every broker counter, to aedes' per-client repeat check, is one the client has not had yet. */
const NOTHING_SEEN: Record<string, number> = new Proxy({}, { get: () => 0, set: () => true, deleteProperty: () => true });

/**
 * aedes drops a message to a client as a repeat when its broker counter is not above the highest
 * that client has had: a cluster's guard against a message reaching a client twice through two
 * brokers. The counter is taken when a publish arrives, but a QoS 1 message goes out once its
 * copies are in the sessions store, and those writes may finish out of order: a message that a
 * later one overtook was dropped for a client online all along, its stored copy left for the next
 * reconnect (the soak's Open 11; broker-sessions.test.ts). One broker has no such repeats, so the
 * check is turned off, before the connection restores any subscription. A client subscribed twice
 * over (overlapping filters) may then get a message twice, which QoS 1 allows and the envelope id
 * absorbs (docs/device-protocol.md).
 */
function turnOffRepeatCheck(client: Client): void {
  (client as unknown as { duplicates: Record<string, number> }).duplicates = NOTHING_SEEN;
}

type PublishDone = (error?: Error | null) => void;

/**
 * aedes answers a QoS 1 PUBLISH with its PUBACK first and only then publishes the message, which
 * stores it: a retained message, and a copy in the queue of each clean=false subscriber
 * (aedes/lib/handlers/publish.js, `enqueuePublish`, case 1). A SIGKILL between the two lost a
 * message the publisher had been told the broker holds; on a loaded machine the store's write had
 * not finished 20 ms after the PUBACK (broker-sessions.test.ts, the SIGKILL case, up to 3 runs in
 * 15; docs/reliability.md, Open 16). So a QoS 1 publish is published once authorised, before aedes
 * sends the PUBACK, as aedes itself does for QoS 2 before its PUBREC, and aedes' own publish of
 * that packet afterwards is skipped (so are those of the wills it authorises the same way). Only
 * the PUBACK comes later: aedes read the connection's next packets after the publish anyway. A
 * publish that fails to be stored closes the connection unanswered (an error from
 * authorizePublish), and the publisher sends it again.
 */
function acknowledgeOnceStored(broker: Aedes): void {
  type Publish = (packet: PublishPacket, client?: Client | null | PublishDone, done?: PublishDone) => void;
  type Authorize = (client: Client | null, packet: PublishPacket, done: PublishDone) => void;
  const inner = broker as unknown as { publish: Publish; authorizePublish: Authorize };
  const publish = inner.publish.bind(broker);
  const authorize = inner.authorizePublish.bind(broker);
  const publishedFirst = new WeakSet<PublishPacket>();
  inner.authorizePublish = (client, packet, done) =>
    authorize(client, packet, (error) => {
      if (error || packet.qos !== 1) return done(error);
      publish(packet, client, (publishError) => {
        if (!publishError) publishedFirst.add(packet);
        done(publishError ?? null);
      });
    });
  inner.publish = (packet, client, done) => {
    if (!publishedFirst.delete(packet)) return publish(packet, client, done);
    const callback = typeof client === 'function' ? client : done;
    setImmediate(() => callback?.());
  };
}

/**
 * The aedes MQTT broker stands in for IoT Core: TCP for devices and tests, WebSocket (on the
 * portal's own port, path /mqtt) for the browser; MQTT 3.1 and 3.1.1 (aedes refuses MQTT 5's
 * CONNECT with return code 1). Every client authenticates with a client id bound to it (decision
 * 0011); subscriptions outside its grant are refused (SUBACK 128), publishes outside it close the
 * connection, as on IoT Core. `tcpPort` 0 binds one the OS picks (`tcpUrl` names it).
 */
export async function startBroker(tcpPort: number, options: BrokerOptions = {}): Promise<LocalBroker> {
  const authenticators = options.authenticators ?? [portalAuthenticator(options.internalToken), userAuthenticator(), deviceAuthenticator()];
  const grants = new WeakMap<Client, BrokerGrant>();
  // A LevelDB under the directory: every write reaches its log before the broker acknowledges the
  // publish (PUBACK, see acknowledgeOnceStored) or the subscription (SUBACK), so a killed process
  // loses nothing it answered.
  const sessions = options.sessionsDir ? readsEmptyOnceClosed(new ClassicLevel<string, Buffer>(options.sessionsDir, { valueEncoding: 'buffer' })) : undefined;
  if (sessions) await sessions.open();
  const persistence = sessions ? levelPersistence(sessions) : undefined;

  const broker = await Aedes.createBroker({
    ...(persistence ? { persistence } : {}),
    preConnect: (client, _packet, done) => {
      turnOffRepeatCheck(client);
      done(null, true);
    },
    authenticate: (client, username, password, done) => {
      const credentials = { clientId: client.id, username: username ?? undefined, password: password?.toString('utf8') };
      void authenticateClient(authenticators, credentials).then((answer) => {
        if ('grant' in answer) {
          grants.set(client, answer.grant);
          return done(null, true);
        }
        securityEvent('broker_connect_refused', answer.event);
        done(authError(answer.returnCode), false);
      });
    },
    // null negates the subscription: the client sees granted QoS 128 and stays connected.
    authorizeSubscribe: (client, subscription, done) => done(null, grants.get(client)?.maySubscribe(subscription.topic) ? subscription : null),
    authorizePublish: (client, packet, done) =>
      done(client && grants.get(client)?.mayPublish(packet.topic, packet.retain) ? null : new Error(`Publish to ${packet.topic} not allowed`)),
  });
  // Only a broker that keeps its sessions has a store to wait for; in memory a kill loses all anyway.
  if (persistence) acknowledgeOnceStored(broker);
  // aedes emits errors of its own (a failed persistence call, a will it cannot publish) as 'error'.
  (broker as unknown as EventEmitter).on('error', (error: Error) => (options.onError ?? ((e: Error) => console.error(`[broker] ${e.message}`)))(error));
  const tcp: Server = createServer(broker.handle);
  const host = options.host ?? '127.0.0.1';
  const boundPort = await listenOn(tcp, tcpPort, host);
  // Bound to every interface, the portal's own client still connects over loopback.
  const connectHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (ws, req) => broker.handle(createWebSocketStream(ws) as never, req));
  return {
    broker,
    tcpUrl: `mqtt://${connectHost}:${boundPort}`,
    handleUpgrade: (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
    retainedPayloads: async () => {
      const payloads = new Map<string, string>();
      const store = (broker as unknown as { persistence: { createRetainedStream(pattern: string): AsyncIterable<{ topic: string; payload: Buffer | string }> } }).persistence;
      for await (const packet of store.createRetainedStream('#')) payloads.set(packet.topic, Buffer.from(packet.payload).toString('utf8'));
      return payloads;
    },
    stop: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      // Releases the store's lock, so a broker started again in this process opens it.
      await sessions?.close();
    },
  };
}
