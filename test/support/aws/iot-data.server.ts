import { allowAll, type AuthorizingOptions, type CallRecord } from './aws-authz.ts';
import { AwsFault, authorizeOrThrow, callerOf, jsonErrorWriter, sendJson, startHttpServer } from './aws-http.ts';
import { arn } from './aws-identity.ts';
import { loadModel, violationMessage, type Violation } from './aws-model.ts';
import { readRestJson } from './rest-json.ts';

export interface PublishOptions {
  qos: 0 | 1;
  retain: boolean;
}

export interface IotDataEmulatorOptions extends AuthorizingOptions {
  /** Where a publish goes: the harness passes the local broker's publish, so MQTT clients receive it. */
  publish(topic: string, payload: Buffer, options: PublishOptions): void | Promise<void>;
}

export interface IotDataEmulator {
  endpoint: string;
  close(): Promise<void>;
  calls: CallRecord[];
}

const model = loadModel('iot-data');
/** AWS IoT quotas: topic size and depth, message payload (developer guide, "AWS IoT Core message broker"). */
export const MAX_TOPIC_BYTES = 256;
export const MAX_TOPIC_SLASHES = 7;
export const MAX_PAYLOAD_BYTES = 128 * 1024;

const invalid = (message: string) => new AwsFault(400, 'InvalidRequestException', message);
const iotFault = (violations: Violation[]) => invalid(violationMessage(violations));

/** A topic a client may publish to: no wildcards, within the quotas, and no reserved `$` topic but Basic Ingest. */
export function checkPublishTopic(topic: string): void {
  if (Buffer.byteLength(topic) > MAX_TOPIC_BYTES) throw invalid(`Topic exceeds the maximum of ${MAX_TOPIC_BYTES} bytes of UTF-8.`);
  if ((topic.match(/\//g) ?? []).length > MAX_TOPIC_SLASHES) throw invalid(`Topic has more than ${MAX_TOPIC_SLASHES} forward slashes.`);
  if (/[+#]/.test(topic)) throw invalid('Wildcard characters are not allowed in a publish topic.');
  if (topic.length === 0) throw invalid('Topic must not be empty.');
  if (topic.startsWith('$') && !topic.startsWith('$aws/rules/')) throw invalid(`Topic ${topic} is reserved.`);
}

/** The IoT data plane (REST-JSON): Publish into the broker, GetRetainedMessage from what was retained. */
export async function startIotDataEmulator(options: IotDataEmulatorOptions): Promise<IotDataEmulator> {
  const authorize = options.authorize ?? allowAll;
  const calls = options.calls ?? [];
  const retained = new Map<string, { payload: Buffer; qos: number; lastModifiedTime: number }>();

  const server = await startHttpServer(async (req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const caller = callerOf(req);
    const { operation, input } = readRestJson(model, req, url, body, iotFault);
    const topic = String(input.topic);
    const resources = [arn('iot', `topic/${topic}`)];
    if (operation === 'Publish') {
      checkPublishTopic(topic);
      const payload = (input.payload as Buffer | undefined) ?? Buffer.alloc(0);
      if (payload.length > MAX_PAYLOAD_BYTES) throw new AwsFault(413, 'RequestEntityTooLargeException', `The payload exceeds the maximum size of ${MAX_PAYLOAD_BYTES} bytes.`);
      const publishOptions: PublishOptions = { qos: (input.qos as 0 | 1 | undefined) ?? 0, retain: input.retain === true };
      authorizeOrThrow(authorize, calls, { service: 'iot', action: 'iot:Publish', resources, accessKeyId: caller });
      // A retained message needs its own permission as well (IoT policy actions, iot:RetainPublish).
      if (publishOptions.retain) authorizeOrThrow(authorize, calls, { service: 'iot', action: 'iot:RetainPublish', resources, accessKeyId: caller });
      if (publishOptions.retain) {
        if (payload.length === 0) retained.delete(topic);
        else retained.set(topic, { payload, qos: publishOptions.qos, lastModifiedTime: Date.now() });
      }
      await options.publish(topic, payload, publishOptions);
      return sendJson(res, 200, undefined);
    }
    if (operation === 'GetRetainedMessage') {
      authorizeOrThrow(authorize, calls, { service: 'iot', action: 'iot:GetRetainedMessage', resources, accessKeyId: caller });
      const message = retained.get(topic);
      if (!message) throw new AwsFault(404, 'ResourceNotFoundException', `No retained message for topic ${topic}`);
      return sendJson(res, 200, { topic, payload: message.payload.toString('base64'), qos: message.qos, lastModifiedTime: message.lastModifiedTime });
    }
    throw new AwsFault(405, 'MethodNotAllowedException', `${operation} is not emulated.`);
  }, jsonErrorWriter('application/json'));

  return { ...server, calls };
}
