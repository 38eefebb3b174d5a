import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { startPortalServer, stopPortalServer } from './portal.server.ts';

describe('stopping the portal server', () => {
  it('closes an open MQTT WebSocket too, so the stop ends while a browser tab is connected', async () => {
    const wss = new WebSocketServer({ noServer: true });
    const server = await startPortalServer({
      port: 0,
      frontendDist: '/nonexistent',
      region: 'eu-central-1',
      userPoolId: 'pool',
      userPoolClientId: 'client',
      cognitoEndpoint: 'http://127.0.0.1:9',
      handleMqttUpgrade: (req, socket, head) => wss.handleUpgrade(req, socket, head, () => undefined),
    });
    const { port } = server.address() as { port: number };
    const tab = new WebSocket(`ws://127.0.0.1:${port}/mqtt`);
    await once(tab, 'open');
    const closed = once(tab, 'close');

    // Before, server.close() waited for the upgraded socket, which only the tab could end.
    await stopPortalServer(server);
    await closed;
    expect(server.listening).toBe(false);
    expect(tab.readyState).toBe(WebSocket.CLOSED);
  });
});
