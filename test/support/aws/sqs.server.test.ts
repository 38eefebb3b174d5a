import { ChangeMessageVisibilityCommand, CreateQueueCommand, DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizeCall } from './aws-authz.ts';
import { clientConfig } from './sdk-client.ts';
import { startSqsEmulator, type SqsEmulator } from './sqs.server.ts';

let sqs: SqsEmulator;
let client: SQSClient;
const denied: AuthorizeCall[] = [];

beforeAll(async () => {
  sqs = await startSqsEmulator({
    authorize: (call) => (call.accessKeyId === 'AKIDDENIED' ? (denied.push(call), { allowed: false, reason: 'no identity-based policy allows it' }) : { allowed: true }),
  });
  client = new SQSClient(clientConfig(sqs.endpoint));
});
afterAll(async () => {
  client.destroy();
  await sqs.close();
});

const expectError = async (promise: Promise<unknown>, name: string) => expect(promise).rejects.toMatchObject({ name });

describe('SQS emulator', () => {
  it('sends and receives a message with its attributes, checked by the SDK against the MD5s', async () => {
    const { url } = sqs.createQueue('plain');
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: '{"a":1}', MessageAttributes: { kind: { DataType: 'String', StringValue: 'job' } } }));
    const { Messages } = await client.send(new ReceiveMessageCommand({ QueueUrl: url, MessageSystemAttributeNames: ['All'], MessageAttributeNames: ['All'] }));
    expect(Messages).toHaveLength(1);
    expect(Messages![0]).toMatchObject({ Body: '{"a":1}', MessageAttributes: { kind: { StringValue: 'job' } }, Attributes: { ApproximateReceiveCount: '1', SenderId: 'AKIDTEST' } });
    expect(Number(Messages![0]!.Attributes!.SentTimestamp)).toBeGreaterThan(Date.now() - 5000);
    await client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: Messages![0]!.ReceiptHandle! }));
    const after = await client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }));
    expect(after.Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '0', QueueArn: 'arn:aws:sqs:eu-central-1:000000000000:plain' });
  });

  it('creates a queue through the API and refuses attributes out of range', async () => {
    const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: 'made', Attributes: { VisibilityTimeout: '5' } }));
    expect(QueueUrl).toBe(`${sqs.endpoint}/000000000000/made`);
    await expectError(client.send(new CreateQueueCommand({ QueueName: 'late', Attributes: { DelaySeconds: '901' } })), 'InvalidAttributeValue');
    await expectError(client.send(new CreateQueueCommand({ QueueName: 'bad name!' })), 'InvalidParameterValue');
    await expectError(client.send(new SendMessageCommand({ QueueUrl: `${sqs.endpoint}/000000000000/missing`, MessageBody: 'x' })), 'QueueDoesNotExist');
  });

  it('refuses a model rule (enum), a delay over 900 s, a body over 256 KiB and an empty body', async () => {
    const { url } = sqs.createQueue('rules');
    await expectError(client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['Nope' as never] })), 'InvalidParameterValue');
    await expectError(client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x', DelaySeconds: 901 })), 'InvalidParameterValue');
    await expectError(client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x'.repeat(262_145) })), 'InvalidParameterValue');
    await expectError(client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: '' })), 'MissingParameter');
    await expectError(client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'bell \u0007' })), 'InvalidMessageContents');
    await expectError(client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 11 })), 'InvalidParameterValue');
  });

  it('enforces the batch quotas and reports per-entry failures in Failed', async () => {
    const { url } = sqs.createQueue('batch');
    const entry = (Id: string, MessageBody = 'm') => ({ Id, MessageBody });
    await expectError(client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: Array.from({ length: 11 }, (_, i) => entry(`e${i}`)) })), 'TooManyEntriesInBatchRequest');
    await expectError(client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [entry('a'), entry('a')] })), 'BatchEntryIdsNotDistinct');
    await expectError(client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [entry('a.b')] })), 'InvalidBatchEntryId');
    await expectError(client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [entry('a', 'x'.repeat(150_000)), entry('b', 'y'.repeat(150_000))] })), 'BatchRequestTooLong');
    const answer = await client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [entry('ok'), { Id: 'late', MessageBody: 'x', DelaySeconds: 1000 }] }));
    expect(answer.Successful?.map((s) => s.Id)).toEqual(['ok']);
    expect(answer.Failed).toEqual([expect.objectContaining({ Id: 'late', SenderFault: true, Code: 'InvalidParameterValue' })]);
  });

  it('returns an undeleted message after its visibility timeout, then moves it to the DLQ after maxReceiveCount', async () => {
    const dlq = sqs.createQueue('jobs-dlq');
    const { url } = sqs.createQueue('jobs', { VisibilityTimeout: '1', RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }) });
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'retry me' }));
    const receive = (queueUrl: string, WaitTimeSeconds = 0) => client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }));
    expect((await receive(url)).Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('1');
    expect((await receive(url)).Messages).toBeUndefined();
    // Long polling: the message returns within the wait, after the 1 s timeout.
    const started = Date.now();
    const second = await receive(url, 3);
    expect(second.Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    // Visibility 0 makes it visible at once; the third receive moves it to the DLQ instead.
    await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: second.Messages![0]!.ReceiptHandle!, VisibilityTimeout: 0 }));
    expect((await receive(url)).Messages).toBeUndefined();
    const dead = await client.send(new ReceiveMessageCommand({ QueueUrl: dlq.url, MessageSystemAttributeNames: ['DeadLetterQueueSourceArn'] }));
    expect(dead.Messages?.[0]).toMatchObject({ Body: 'retry me', Attributes: { DeadLetterQueueSourceArn: 'arn:aws:sqs:eu-central-1:000000000000:jobs' } });
    expect(sqs.queues().find((q) => q.name === 'jobs-dlq')).toMatchObject({ visible: 0, inFlight: 1, delayed: 0 });
    expect(sqs.queues().find((q) => q.name === 'jobs')).toMatchObject({ visible: 0, inFlight: 0, oldestAgeMs: 0 });
  });

  it('answers AccessDeniedException when authorize refuses, with the IAM action of a batch call', async () => {
    const { url } = sqs.createQueue('guarded');
    const other = new SQSClient(clientConfig(sqs.endpoint, 'AKIDDENIED'));
    await expectError(other.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: 'a', MessageBody: 'x' }] })), 'AccessDeniedException');
    other.destroy();
    expect(denied.at(-1)).toEqual({ service: 'sqs', action: 'sqs:SendMessage', resources: ['arn:aws:sqs:eu-central-1:000000000000:guarded'], accessKeyId: 'AKIDDENIED' });
    expect(sqs.calls.at(-1)).toMatchObject({ action: 'sqs:SendMessage', allowed: false });
  });

  it('refuses an unsigned request', async () => {
    const response = await fetch(sqs.endpoint, { method: 'POST', headers: { 'x-amz-target': 'AmazonSQS.ListQueues', 'content-type': 'application/x-amz-json-1.0' }, body: '{}' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ __type: 'com.amazonaws.sqs#MissingAuthenticationTokenException' });
  });
});
