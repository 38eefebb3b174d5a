import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { inboxTopic, userEventsTopic } from '@portal/shared/devices/topics';

/** What a connected client may do; decided once, at CONNECT. */
export interface BrokerGrant {
  /** For logs: 'portal', 'device:{deviceId}', … */
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
 * Turns CONNECT credentials into a grant, or undefined when they are not its kind. The broker asks
 * each in turn. Extension point: browser users and the watch emulator (issue 5) add one that
 * verifies a Cognito ID token and grants their own inbox.
 */
export type BrokerAuthenticator = (credentials: BrokerCredentials) => Promise<BrokerGrant | undefined>;

export interface BrokerOptions {
  /** Password of the portal's own client (username `portal`); without it the portal cannot log in. */
  internalToken?: string;
  /** Defaults to [portal, users, devices]. */
  authenticators?: BrokerAuthenticator[];
}

export interface LocalBroker {
  broker: Aedes;
  tcpUrl: string;
  /** Attach to the portal's HTTP server: WebSocket upgrades on `/mqtt` become MQTT connections. */
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  stop: () => Promise<void>;
}

/** Must match the delivery port's MQTT adapter (functions/src/platform/delivery/mqtt.adapter.ts). */
export const PORTAL_USERNAME = 'portal';

/** The portal itself publishes and subscribes anywhere. */
export function portalAuthenticator(internalToken: string | undefined): BrokerAuthenticator {
  return async ({ username, password }) => {
    if (username !== PORTAL_USERNAME || !internalToken || password === undefined) return undefined;
    const given = Buffer.from(password);
    const expected = Buffer.from(internalToken);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { principal: 'portal', maySubscribe: () => true, mayPublish: () => true };
  };
}

/**
 * Devices, checked by the same logic as IoT Core's custom authorizer. Loaded on first use, after
 * the runtime has set the environment the functions read (table, endpoints).
 */
export function deviceAuthenticator(): BrokerAuthenticator {
  return async (credentials) => {
    const auth = await import('../../functions/src/devices/device-auth.service.ts');
    const device = await auth.authenticateDevice(credentials);
    if (!device) return undefined;
    const grant = auth.topicGrantFor(device);
    return {
      principal: `device:${device.deviceId}`,
      maySubscribe: (filter) => auth.maySubscribe(grant, filter),
      // IoT Core grants devices no iot:RetainPublish; neither does the local broker.
      mayPublish: (topic, retain) => !retain && auth.mayPublish(grant, topic),
    };
  };
}

/** Username of a person without a device (the watch emulator); `user:{sub}` names the sub too. */
export const USER_USERNAME = 'user';

export interface UserAuthenticatorDeps {
  /** The token's sub when it is a valid ID token of the pool (the API's own check). */
  verify: (token: string) => Promise<string | undefined>;
  /** The organisations the user is a member of (membership rows). */
  organizationsOf: (userId: string) => Promise<string[]>;
}

/** The API's verifyIdToken and the membership rows, loaded on first use (after the runtime's environment is set). */
const defaultUserDeps: UserAuthenticatorDeps = {
  verify: async (token) => {
    const { verifyIdToken } = await import('../../functions/src/platform/auth/verify-token.ts');
    try {
      const { sub } = await verifyIdToken(token);
      return sub;
    } catch {
      return undefined;
    }
  },
  organizationsOf: async (userId) => {
    const { rolesByOrganization } = await import('../../functions/src/platform/tenancy/memberships.repository.ts');
    return Object.keys(await rolesByOrganization(userId));
  },
};

/**
 * People without a device (the watch emulator in the browser): username `user` (or `user:{sub}`),
 * password a Cognito ID token, verified like every API request. They may subscribe to their own
 * inbox and publish receipts on their own events topic, in each organisation they are a member of.
 * The grant is fixed at CONNECT; a removed member keeps it until the client reconnects.
 */
export function userAuthenticator(deps: UserAuthenticatorDeps = defaultUserDeps): BrokerAuthenticator {
  return async ({ username, password }) => {
    if (!password || (username !== USER_USERNAME && !username?.startsWith(`${USER_USERNAME}:`))) return undefined;
    const sub = await deps.verify(password);
    if (!sub || (username !== USER_USERNAME && username !== `${USER_USERNAME}:${sub}`)) return undefined;
    const organizations = await deps.organizationsOf(sub);
    const inboxes = new Set(organizations.map((orgId) => inboxTopic(orgId, sub)));
    const events = new Set(organizations.map((orgId) => userEventsTopic(orgId, sub)));
    return {
      principal: `user:${sub}`,
      maySubscribe: (filter) => inboxes.has(filter),
      mayPublish: (topic, retain) => !retain && events.has(topic),
    };
  };
}

const authError = (returnCode: 3 | 4, message: string) => Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/**
 * The aedes MQTT broker stands in for IoT Core: TCP for devices and tests, WebSocket (on the
 * portal's own port, path /mqtt) for the browser. Every client authenticates; subscriptions outside
 * its grant are refused (SUBACK 128), publishes outside it close the connection, as on IoT Core.
 */
export async function startBroker(tcpPort: number, options: BrokerOptions = {}): Promise<LocalBroker> {
  const authenticators = options.authenticators ?? [portalAuthenticator(options.internalToken), userAuthenticator(), deviceAuthenticator()];
  const grants = new WeakMap<Client, BrokerGrant>();

  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const credentials = { clientId: client.id, username: username ?? undefined, password: password?.toString('utf8') };
      (async () => {
        for (const authenticate of authenticators) {
          const grant = await authenticate(credentials);
          if (grant) return grant;
        }
        return undefined;
      })().then(
        (grant) => {
          if (!grant) return done(authError(4, 'Bad username or password'), false);
          grants.set(client, grant);
          done(null, true);
        },
        (error: unknown) => done(authError(3, `Authentication unavailable: ${(error as Error).message}`), false),
      );
    },
    // null negates the subscription: the client sees granted QoS 128 and stays connected.
    authorizeSubscribe: (client, subscription, done) => done(null, grants.get(client)?.maySubscribe(subscription.topic) ? subscription : null),
    authorizePublish: (client, packet, done) =>
      done(client && grants.get(client)?.mayPublish(packet.topic, packet.retain) ? null : new Error(`Publish to ${packet.topic} not allowed`)),
  });
  const tcp: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => tcp.listen(tcpPort, '127.0.0.1', resolve));
  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (ws, req) => broker.handle(createWebSocketStream(ws) as never, req));
  return {
    broker,
    tcpUrl: `mqtt://127.0.0.1:${tcpPort}`,
    handleUpgrade: (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
    stop: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
