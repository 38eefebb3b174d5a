import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSBatchResponse } from 'aws-lambda';
import { clientConfig } from '../aws/sdk-client.ts';
import { REGION } from '../aws/aws-identity.ts';
import type { HostedFunction } from './function-host.ts';

export interface EventSourceMappingOptions {
  sqsEndpoint: string;
  queueUrl: string;
  queueArn: string;
  fn: HostedFunction;
  batchSize: number;
  reportBatchItemFailures: boolean;
  /** Lambda's poller waits up to 20 s; a short wait keeps stopping quick and costs nothing here. */
  waitSeconds?: number;
}

const recordOf = (message: Message, queueArn: string): SQSEvent['Records'][number] => ({
  messageId: message.MessageId!,
  receiptHandle: message.ReceiptHandle!,
  body: message.Body ?? '',
  attributes: message.Attributes as SQSEvent['Records'][number]['attributes'],
  messageAttributes: Object.fromEntries(
    Object.entries(message.MessageAttributes ?? {}).map(([name, a]) => [
      name,
      { dataType: a.DataType!, ...(a.StringValue !== undefined ? { stringValue: a.StringValue } : {}), ...(a.BinaryValue ? { binaryValue: Buffer.from(a.BinaryValue).toString('base64') } : {}) },
    ]),
  ),
  md5OfBody: message.MD5OfBody!,
  eventSource: 'aws:sqs',
  eventSourceARN: queueArn,
  awsRegion: REGION,
});

/**
 * An `AWS::Lambda::EventSourceMapping` on an SQS queue, as Lambda's poller runs it: receive up to
 * the batch size with the function's own credential (the role needs sqs:ReceiveMessage and
 * sqs:DeleteMessage, as on AWS), invoke, delete what succeeded. With `ReportBatchItemFailures` only
 * the records the function names come back (after the visibility timeout); a thrown error or a
 * time-out leaves the whole batch to come back. Unknown ids in the answer fail the whole batch, as
 * Lambda does.
 */
export function startEventSourceMapping(options: EventSourceMappingOptions) {
  const client = new SQSClient(clientConfig(options.sqsEndpoint, options.fn.logicalId));
  let stopped = false;
  let batches = 0;
  let inFlight: Promise<void> = Promise.resolve();

  const processBatch = async (messages: Message[]) => {
    const event: SQSEvent = { Records: messages.map((m) => recordOf(m, options.queueArn)) };
    let result: unknown;
    try {
      result = await options.fn.invoke(event);
    } catch {
      return; // Every record becomes visible again after the queue's visibility timeout.
    }
    const ids = new Set(event.Records.map((r) => r.messageId));
    const failures = options.reportBatchItemFailures ? ((result as SQSBatchResponse | null)?.batchItemFailures ?? []) : [];
    if (failures.some((f) => !ids.has(f.itemIdentifier))) return;
    const failed = new Set(failures.map((f) => f.itemIdentifier));
    const done = event.Records.filter((r) => !failed.has(r.messageId));
    if (done.length) {
      await client.send(
        new DeleteMessageBatchCommand({ QueueUrl: options.queueUrl, Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })) }),
      );
    }
  };

  const loop = async () => {
    while (!stopped) {
      try {
        const { Messages = [] } = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queueUrl,
            MaxNumberOfMessages: options.batchSize,
            WaitTimeSeconds: options.waitSeconds ?? 1,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        if (Messages.length) {
          batches++;
          inFlight = processBatch(Messages);
          await inFlight;
        }
      } catch (error) {
        if (stopped) return;
        // A refused receive is already in the IAM ledger; wait as Lambda's poller backs off.
        void error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  const running = loop();

  return {
    get batches() {
      return batches;
    },
    stop: async () => {
      stopped = true;
      await running;
      client.destroy();
    },
  };
}
