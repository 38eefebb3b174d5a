import { createServer, type Server } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';

export interface LocalBroker {
  broker: Aedes;
  tcpUrl: string;
  /** Attach to the portal's HTTP server: WebSocket upgrades on `/mqtt` become MQTT connections. */
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  stop: () => Promise<void>;
}

/**
 * The aedes MQTT broker stands in for IoT Core: TCP for devices and tests, WebSocket (on the
 * portal's own port, path /mqtt) for the browser. Device authorisation hooks arrive with devices.
 */
export async function startBroker(tcpPort: number): Promise<LocalBroker> {
  const broker = await Aedes.createBroker();
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
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
