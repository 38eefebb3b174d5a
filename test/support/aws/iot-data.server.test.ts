import { GetRetainedMessageCommand, IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIotDataEmulator, type IotDataEmulator, type PublishOptions } from './iot-data.server.ts';
import { clientConfig } from './sdk-client.ts';

let iot: IotDataEmulator;
let client: IoTDataPlaneClient;
const published: { topic: string; payload: string; options: PublishOptions }[] = [];

beforeAll(async () => {
  iot = await startIotDataEmulator({
    publish: (topic, payload, options) => void published.push({ topic, payload: payload.toString('utf8'), options }),
    authorize: (call) => (call.accessKeyId === 'AKIDDENIED' || (call.action === 'iot:RetainPublish' && call.accessKeyId === 'AKIDNORETAIN') ? { allowed: false, reason: 'denied' } : { allowed: true }),
  });
  client = new IoTDataPlaneClient(clientConfig(iot.endpoint));
});
afterAll(async () => {
  client.destroy();
  await iot.close();
});

const expectError = (promise: Promise<unknown>, name: string) => expect(promise).rejects.toMatchObject({ name });
const publish = (topic: string, payload: string | Uint8Array, extra: { qos?: number; retain?: boolean } = {}) => client.send(new PublishCommand({ topic, payload: typeof payload === 'string' ? new TextEncoder().encode(payload) : payload, ...extra }));

describe('IoT data plane emulator', () => {
  it('hands a publish to the broker with its topic, payload, qos and retain', async () => {
    await publish('portal/org-1/watch/u-1', '{"n":1}', { qos: 1, retain: true });
    expect(published.at(-1)).toEqual({ topic: 'portal/org-1/watch/u-1', payload: '{"n":1}', options: { qos: 1, retain: true } });
    const kept = await client.send(new GetRetainedMessageCommand({ topic: 'portal/org-1/watch/u-1' }));
    expect(new TextDecoder().decode(kept.payload)).toBe('{"n":1}');
    expect(kept.qos).toBe(1);
  });

  it('refuses a payload over 128 KiB, a topic over 256 bytes or 8 levels, wildcards and qos 2', async () => {
    await expectError(publish('t', new Uint8Array(128 * 1024 + 1)), 'RequestEntityTooLargeException');
    await publish('t', new Uint8Array(128 * 1024));
    await expectError(publish('é'.repeat(129), 'x'), 'InvalidRequestException');
    await expectError(publish('a/b/c/d/e/f/g/h/i', 'x'), 'InvalidRequestException');
    await publish('a/b/c/d/e/f/g/h', 'x');
    await expectError(publish('a/+/c', 'x'), 'InvalidRequestException');
    await expectError(publish('a/#', 'x'), 'InvalidRequestException');
    await expectError(publish('a', 'x', { qos: 2 }), 'InvalidRequestException');
  });

  it('answers AccessDeniedException to a caller without iot:Publish, and asks iot:RetainPublish for a retained publish', async () => {
    const count = published.length;
    const denied = new IoTDataPlaneClient(clientConfig(iot.endpoint, 'AKIDDENIED'));
    await expectError(denied.send(new PublishCommand({ topic: 'x', payload: new Uint8Array([1]) })), 'AccessDeniedException');
    const noRetain = new IoTDataPlaneClient(clientConfig(iot.endpoint, 'AKIDNORETAIN'));
    await noRetain.send(new PublishCommand({ topic: 'x', payload: new Uint8Array([1]) }));
    await expectError(noRetain.send(new PublishCommand({ topic: 'x', payload: new Uint8Array([1]), retain: true })), 'AccessDeniedException');
    denied.destroy();
    noRetain.destroy();
    expect(published.length).toBe(count + 1);
    expect(iot.calls.filter((c) => !c.allowed).map((c) => [c.action, c.resources[0]])).toEqual([
      ['iot:Publish', 'arn:aws:iot:eu-central-1:000000000000:topic/x'],
      ['iot:RetainPublish', 'arn:aws:iot:eu-central-1:000000000000:topic/x'],
    ]);
  });
});
