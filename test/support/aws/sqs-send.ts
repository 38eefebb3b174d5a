import { AwsFault } from './aws-http.ts';
import { checkAttributes, checkBody, delayOf, md5, md5OfAttributes, messageSize, type MessageAttributes } from './sqs-message.ts';
import type { Queue } from './sqs-queue.ts';

export interface SendInput {
  MessageBody: string;
  DelaySeconds?: number;
  MessageAttributes?: MessageAttributes;
  MessageSystemAttributes?: Record<string, { DataType: string; StringValue?: string }>;
  MessageDeduplicationId?: string;
  MessageGroupId?: string;
}

function enqueue(queue: Queue, input: SendInput, senderId: string) {
  checkBody(input.MessageBody);
  checkAttributes(input.MessageAttributes);
  const limit = queue.number('MaximumMessageSize');
  const size = messageSize(input.MessageBody, input.MessageAttributes);
  if (size > limit) throw new AwsFault(400, 'InvalidParameterValue', `One or more parameters are invalid. Reason: Message must be shorter than ${limit} bytes.`);
  if (input.MessageDeduplicationId !== undefined) throw new AwsFault(400, 'InvalidParameterValue', 'The request include parameter that is not valid for this queue type: MessageDeduplicationId');
  const systemNames = Object.keys(input.MessageSystemAttributes ?? {});
  if (systemNames.some((n) => n !== 'AWSTraceHeader')) throw new AwsFault(400, 'InvalidParameterValue', 'Message system attribute name is invalid: only AWSTraceHeader may be sent.');
  const delay = delayOf(input.DelaySeconds, queue.number('DelaySeconds'));
  const now = Date.now();
  const md5OfAttributesValue = md5OfAttributes(input.MessageAttributes);
  const message = queue.add({
    body: input.MessageBody,
    ...(input.MessageAttributes && Object.keys(input.MessageAttributes).length ? { attributes: input.MessageAttributes } : {}),
    md5OfBody: md5(input.MessageBody),
    ...(md5OfAttributesValue ? { md5OfAttributes: md5OfAttributesValue } : {}),
    ...(input.MessageSystemAttributes?.AWSTraceHeader?.StringValue ? { traceHeader: input.MessageSystemAttributes.AWSTraceHeader.StringValue } : {}),
    senderId,
    sentAt: now,
    visibleAt: now + delay * 1000,
  });
  return { MessageId: message.id, MD5OfMessageBody: message.md5OfBody, ...(message.md5OfAttributes ? { MD5OfMessageAttributes: message.md5OfAttributes } : {}) };
}

export const sendOne = (queue: Queue, input: SendInput, senderId: string) => enqueue(queue, input, senderId);

/** The whole batch is refused when it is larger than one message may be; each entry then stands alone. */
export function sendBatch(queue: Queue, entries: (SendInput & { Id: string })[], senderId: string) {
  const limit = queue.number('MaximumMessageSize');
  const total = entries.reduce((sum, e) => sum + messageSize(e.MessageBody ?? '', e.MessageAttributes), 0);
  if (total > limit) throw new AwsFault(400, 'BatchRequestTooLong', `Batch requests cannot be longer than ${limit} bytes. You have sent ${total} bytes.`);
  const Successful: object[] = [];
  const Failed: object[] = [];
  for (const entry of entries) {
    try {
      Successful.push({ Id: entry.Id, ...enqueue(queue, entry, senderId) });
    } catch (error) {
      if (!(error instanceof AwsFault)) throw error;
      Failed.push({ Id: entry.Id, SenderFault: true, Code: error.code, Message: error.message });
    }
  }
  return { Successful, Failed };
}
