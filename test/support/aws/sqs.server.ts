import { randomBytes } from 'node:crypto';
import { allowAll, type AuthorizingOptions, type CallRecord } from './aws-authz.ts';
import { AwsFault, authorizeOrThrow, callerOf, jsonErrorWriter, sendJson, startHttpServer } from './aws-http.ts';
import { ACCOUNT_ID, arn } from './aws-identity.ts';
import { loadModel, violationMessage, type Violation } from './aws-model.ts';
import { readJsonRpc } from './json-rpc.ts';
import { receiveMessages } from './sqs-receive.ts';
import { sendBatch, sendOne } from './sqs-send.ts';
import { checkQueueAttributes, checkQueueName } from './sqs-queue-attributes.ts';
import { Queue, type StoredMessage } from './sqs-queue.ts';

export interface SqsEmulator {
  endpoint: string;
  close(): Promise<void>;
  /** Creates a queue as the template would (no authorization); same name and attributes returns the queue. */
  createQueue(name: string, attributes?: Record<string, string>): { url: string; arn: string };
  /** Each queue's message counts now, e.g. for a report of what ended in a dead-letter queue. */
  queues(): QueueCounts[];
  calls: CallRecord[];
}

export interface QueueCounts {
  name: string;
  url: string;
  arn: string;
  visible: number;
  inFlight: number;
  delayed: number;
  /** Age of the oldest message in ms (CloudWatch's ApproximateAgeOfOldestMessage); 0 when empty. */
  oldestAgeMs: number;
}

const model = loadModel('sqs');
const CONTENT_TYPE = 'application/x-amz-json-1.0';
const MAX_BATCH = 10;
const BATCH_ID = /^[A-Za-z0-9_-]{1,80}$/;
const PURGE_INTERVAL_MS = 60_000;
const MAX_VISIBILITY = 43_200;

/** SQS names a missing member MissingParameter and any other broken rule InvalidParameterValue. */
const sqsFault = (violations: Violation[]) => {
  const missing = violations.find((v) => v.kind === 'required');
  if (missing) return new AwsFault(400, 'MissingParameter', `The request must contain the parameter ${missing.path}.`);
  const wrongType = violations.find((v) => v.kind === 'type');
  if (wrongType) return new AwsFault(400, 'SerializationException', wrongType.message);
  return new AwsFault(400, 'InvalidParameterValue', violationMessage(violations));
};

/** The IAM action of each operation: the batch calls are authorised as their single form. */
const ACTION: Record<string, string> = { SendMessageBatch: 'SendMessage', DeleteMessageBatch: 'DeleteMessage', ChangeMessageVisibilityBatch: 'ChangeMessageVisibility' };

/**
 * Amazon SQS (AWS JSON 1.0, standard queues): queues, sends with delay, receives with visibility
 * timeout and long polling, redrive to a dead-letter queue after maxReceiveCount receives.
 */
export async function startSqsEmulator(options: AuthorizingOptions = {}): Promise<SqsEmulator> {
  const authorize = options.authorize ?? allowAll;
  const calls = options.calls ?? [];
  const queues = new Map<string, Queue>();
  const receipts = new Map<string, { queue: Queue; message: StoredMessage }>();
  let endpoint = '';

  const byArn = (queueArn: string) => [...queues.values()].find((q) => q.arn === queueArn);
  const createQueue = (name: string, attributes: Record<string, string> = {}) => {
    checkQueueName(name);
    checkQueueAttributes(name, attributes, (target) => byArn(target) !== undefined);
    const existing = queues.get(name);
    if (existing) {
      const differs = Object.entries(attributes).some(([k, v]) => existing.attributes[k] !== v);
      if (differs) throw new AwsFault(400, 'QueueNameExists', `A queue already exists with the same name and a different value for attribute(s)`);
      return existing;
    }
    const queue = new Queue(name, arn('sqs', name), `${endpoint}/${ACCOUNT_ID}/${name}`, attributes);
    queues.set(name, queue);
    return queue;
  };

  /** The queue's name from its URL's path, `/<account>/<name>`, whatever host the caller used. */
  const nameOfUrl = (url: unknown) => {
    const match = String(url).match(/\/(\d{12})\/([^/?#]+)$/);
    return match && match[1] === ACCOUNT_ID ? match[2]! : undefined;
  };
  const queueOf = (url: unknown) => {
    const queue = queues.get(nameOfUrl(url) ?? '');
    if (!queue) throw new AwsFault(400, 'QueueDoesNotExist', 'The specified queue does not exist.');
    return queue;
  };

  const receipt = (queue: Queue, message: StoredMessage) => {
    const handle = randomBytes(48).toString('base64');
    receipts.set(handle, { queue, message });
    return handle;
  };
  const heldBy = (queue: Queue, handle: unknown) => {
    const held = receipts.get(String(handle));
    if (!held || held.queue !== queue) throw new AwsFault(400, 'ReceiptHandleIsInvalid', `The input receipt handle "${String(handle)}" is not a valid receipt handle.`);
    return held.message;
  };
  const changeVisibility = (queue: Queue, handle: unknown, timeout: unknown) => {
    const message = heldBy(queue, handle);
    const seconds = timeout as number;
    if (seconds < 0 || seconds > MAX_VISIBILITY) throw new AwsFault(400, 'InvalidParameterValue', `Value ${seconds} for parameter VisibilityTimeout is invalid. Reason: Must be between 0 and ${MAX_VISIBILITY}.`);
    if (!queue.messages.includes(message) || !message.inFlight || message.visibleAt <= Date.now()) throw new AwsFault(400, 'MessageNotInflight', 'Message does not exist or is not available for visibility timeout change.');
    message.visibleAt = Date.now() + seconds * 1000;
    if (seconds === 0) message.inFlight = false;
    queue.wake();
  };
  const batchEntries = (entries: unknown) => {
    const list = entries as { Id: string }[];
    if (list.length === 0) throw new AwsFault(400, 'EmptyBatchRequest', 'There should be at least one entry in the request.');
    if (list.length > MAX_BATCH) throw new AwsFault(400, 'TooManyEntriesInBatchRequest', `Maximum number of entries per request are ${MAX_BATCH}. You have sent ${list.length}.`);
    const bad = list.find((e) => !BATCH_ID.test(e.Id));
    if (bad) throw new AwsFault(400, 'InvalidBatchEntryId', 'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.');
    if (new Set(list.map((e) => e.Id)).size !== list.length) throw new AwsFault(400, 'BatchEntryIdsNotDistinct', 'Two or more batch entries in the request have the same Id.');
    return list;
  };
  const perEntry = <E extends { Id: string }>(list: E[], act: (entry: E) => void) => {
    const Successful: { Id: string }[] = [];
    const Failed: { Id: string; SenderFault: boolean; Code: string; Message: string }[] = [];
    for (const entry of list) {
      try {
        act(entry);
        Successful.push({ Id: entry.Id });
      } catch (error) {
        if (!(error instanceof AwsFault)) throw error;
        Failed.push({ Id: entry.Id, SenderFault: true, Code: error.code, Message: error.message });
      }
    }
    return { Successful, Failed };
  };

  const operations: Record<string, (input: Record<string, any>, caller: string, gone: () => boolean) => unknown> = {
    CreateQueue: (input) => ({ QueueUrl: createQueue(input.QueueName, input.Attributes ?? {}).url }),
    GetQueueUrl: (input) => ({ QueueUrl: queueOf(`/${input.QueueOwnerAWSAccountId ?? ACCOUNT_ID}/${input.QueueName}`).url }),
    ListQueues: (input) => ({ QueueUrls: [...queues.values()].filter((q) => q.name.startsWith(input.QueueNamePrefix ?? '')).map((q) => q.url) }),
    DeleteQueue: (input) => void queues.delete(queueOf(input.QueueUrl).name),
    GetQueueAttributes: (input) => ({ Attributes: queueAttributes(queueOf(input.QueueUrl), input.AttributeNames ?? []) }),
    SetQueueAttributes: (input) => {
      const queue = queueOf(input.QueueUrl);
      checkQueueAttributes(queue.name, input.Attributes, (target) => byArn(target) !== undefined);
      queue.attributes = { ...queue.attributes, ...input.Attributes };
      queue.modifiedAt = Math.floor(Date.now() / 1000);
    },
    SendMessage: (input, caller) => sendOne(queueOf(input.QueueUrl), input as never, caller),
    SendMessageBatch: (input, caller) => sendBatch(queueOf(input.QueueUrl), batchEntries(input.Entries) as never, caller),
    ReceiveMessage: (input, _caller, gone) => receiveMessages(queueOf(input.QueueUrl), input, { receipt, byArn, cancelled: gone }),
    DeleteMessage: (input) => {
      const queue = queueOf(input.QueueUrl);
      queue.remove(heldBy(queue, input.ReceiptHandle));
    },
    DeleteMessageBatch: (input) => {
      const queue = queueOf(input.QueueUrl);
      return perEntry(batchEntries(input.Entries) as { Id: string; ReceiptHandle: string }[], (e) => queue.remove(heldBy(queue, e.ReceiptHandle)));
    },
    ChangeMessageVisibility: (input) => changeVisibility(queueOf(input.QueueUrl), input.ReceiptHandle, input.VisibilityTimeout),
    ChangeMessageVisibilityBatch: (input) => {
      const queue = queueOf(input.QueueUrl);
      return perEntry(batchEntries(input.Entries) as { Id: string; ReceiptHandle: string; VisibilityTimeout: number }[], (e) => changeVisibility(queue, e.ReceiptHandle, e.VisibilityTimeout));
    },
    PurgeQueue: (input) => {
      const queue = queueOf(input.QueueUrl);
      if (Date.now() - queue.lastPurgeAt < PURGE_INTERVAL_MS) throw new AwsFault(400, 'PurgeQueueInProgress', `Only one PurgeQueue operation on ${queue.name} is allowed every 60 seconds.`);
      queue.lastPurgeAt = Date.now();
      queue.messages.length = 0;
    },
  };

  const server = await startHttpServer(async (req, body, res) => {
    const caller = callerOf(req);
    const { operation, input } = readJsonRpc(model, req, body, sqsFault);
    const run = operations[operation];
    if (!run) throw new AwsFault(400, 'UnsupportedOperation', `${operation} is not emulated.`);
    const name = operation === 'CreateQueue' || operation === 'GetQueueUrl' ? String(input.QueueName) : nameOfUrl(input.QueueUrl);
    const resource = operation === 'ListQueues' ? '*' : arn('sqs', name ?? '');
    authorizeOrThrow(authorize, calls, { service: 'sqs', action: `sqs:${ACTION[operation] ?? operation}`, resources: [resource], accessKeyId: caller });
    // A caller that hangs up ends its long poll, so no message is taken for nobody.
    let gone = false;
    res.on('close', () => {
      gone = true;
      if (operation === 'ReceiveMessage') queues.get(name ?? '')?.wake();
    });
    sendJson(res, 200, (await run(input, caller, () => gone)) ?? {}, CONTENT_TYPE);
  }, jsonErrorWriter(CONTENT_TYPE, 'com.amazonaws.sqs'));
  endpoint = server.endpoint;

  return {
    endpoint,
    close: async () => {
      for (const queue of queues.values()) queue.wake();
      await server.close();
    },
    createQueue: (name, attributes) => {
      const queue = createQueue(name, attributes);
      return { url: queue.url, arn: queue.arn };
    },
    queues: () => [...queues.values()].map(countsOf),
    calls,
  };
}

function countsOf(queue: Queue): QueueCounts {
  const now = Date.now();
  return {
    name: queue.name,
    url: queue.url,
    arn: queue.arn,
    visible: queue.messages.filter((m) => m.visibleAt <= now).length,
    inFlight: queue.messages.filter((m) => m.visibleAt > now && m.inFlight).length,
    delayed: queue.messages.filter((m) => m.visibleAt > now && !m.inFlight).length,
    oldestAgeMs: queue.messages.length ? now - Math.min(...queue.messages.map((m) => m.sentAt)) : 0,
  };
}

function queueAttributes(queue: Queue, names: string[]): Record<string, string> {
  const counts = countsOf(queue);
  const all: Record<string, string> = {
    ...queue.attributes,
    QueueArn: queue.arn,
    CreatedTimestamp: String(queue.createdAt),
    LastModifiedTimestamp: String(queue.modifiedAt),
    ApproximateNumberOfMessages: String(counts.visible),
    ApproximateNumberOfMessagesNotVisible: String(counts.inFlight),
    ApproximateNumberOfMessagesDelayed: String(counts.delayed),
  };
  const wanted = names.includes('All') ? Object.keys(all) : names;
  return Object.fromEntries(wanted.filter((n) => all[n] !== undefined).map((n) => [n, all[n]!]));
}
