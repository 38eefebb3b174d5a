import { AwsFault } from './aws-http.ts';
import type { Queue, StoredMessage } from './sqs-queue.ts';
import { md5OfAttributes, type MessageAttributes } from './sqs-message.ts';

export interface ReceiveContext {
  receipt(queue: Queue, message: StoredMessage): string;
  byArn(arn: string): Queue | undefined;
  /** True once the caller hung up: a long poll must not take messages nobody will see. */
  cancelled(): boolean;
}

const invalid = (name: string, value: number, reason: string) => new AwsFault(400, 'InvalidParameterValue', `Value ${value} for parameter ${name} is invalid. Reason: ${reason}`);

function bounded(name: string, value: unknown, fallback: number, min: number, max: number, reason: string): number {
  if (value === undefined || value === null) return fallback;
  const number = value as number;
  if (number < min || number > max) throw invalid(name, number, reason);
  return number;
}

function systemAttributes(message: StoredMessage, names: string[]): Record<string, string> {
  const all: Record<string, string | undefined> = {
    SenderId: message.senderId,
    SentTimestamp: String(message.sentAt),
    ApproximateReceiveCount: String(message.receiveCount),
    ApproximateFirstReceiveTimestamp: String(message.firstReceiveAt),
    AWSTraceHeader: message.traceHeader,
    DeadLetterQueueSourceArn: message.deadLetterSourceArn,
  };
  const wanted = names.includes('All') ? Object.keys(all) : names;
  return Object.fromEntries(wanted.filter((n) => all[n] !== undefined).map((n) => [n, all[n]!]));
}

/** Message attributes by name, `All`/`.*`, or a `prefix.*`. */
function userAttributes(attributes: MessageAttributes | undefined, names: string[]): MessageAttributes | undefined {
  if (!attributes || names.length === 0) return undefined;
  const matches = (name: string) => names.some((n) => n === 'All' || n === '.*' || n === name || (n.endsWith('.*') && name.startsWith(n.slice(0, -1))));
  const chosen = Object.entries(attributes).filter(([name]) => matches(name));
  return chosen.length ? Object.fromEntries(chosen) : undefined;
}

/**
 * Takes up to MaxNumberOfMessages visible messages, long-polling up to WaitTimeSeconds. A message
 * already received maxReceiveCount times moves to the dead-letter queue instead (as SQS does, on the
 * receive after the last allowed one).
 */
export async function receiveMessages(queue: Queue, input: Record<string, any>, context: ReceiveContext) {
  const max = bounded('MaxNumberOfMessages', input.MaxNumberOfMessages, 1, 1, 10, 'Must be between 1 and 10, if provided.');
  const visibility = bounded('VisibilityTimeout', input.VisibilityTimeout, queue.number('VisibilityTimeout'), 0, 43_200, 'Must be between 0 and 43200, if provided.');
  const wait = bounded('WaitTimeSeconds', input.WaitTimeSeconds, queue.number('ReceiveMessageWaitTimeSeconds'), 0, 20, 'Must be >= 0 and <= 20, if provided.');
  const systemNames = [...(input.AttributeNames ?? []), ...(input.MessageSystemAttributeNames ?? [])];
  const deadline = Date.now() + wait * 1000;

  for (;;) {
    const now = Date.now();
    const taken: StoredMessage[] = [];
    for (const message of queue.visible(now)) {
      if (taken.length === max) break;
      const redrive = queue.redrive;
      const deadLetter = redrive && message.receiveCount >= redrive.maxReceiveCount ? context.byArn(redrive.deadLetterTargetArn) : undefined;
      if (deadLetter) {
        queue.remove(message);
        deadLetter.add({ ...message, id: message.id, visibleAt: now, inFlight: false, deadLetterSourceArn: queue.arn } as never);
        continue;
      }
      message.receiveCount += 1;
      message.firstReceiveAt ??= now;
      message.visibleAt = now + visibility * 1000;
      message.inFlight = true;
      taken.push(message);
    }
    if (taken.length || now >= deadline || context.cancelled()) {
      if (taken.length === 0) return {}; // SQS leaves Messages out when there are none.
      return {
        Messages: taken.map((message) => {
          const attributes = userAttributes(message.attributes, input.MessageAttributeNames ?? []);
          return {
            MessageId: message.id,
            ReceiptHandle: context.receipt(queue, message),
            MD5OfBody: message.md5OfBody,
            Body: message.body,
            ...(systemNames.length ? { Attributes: systemAttributes(message, systemNames) } : {}),
            ...(attributes ? { MessageAttributes: attributes, MD5OfMessageAttributes: md5OfAttributes(attributes) } : {}),
          };
        }),
      };
    }
    await queue.waitUntil(deadline, now);
  }
}
