import { AwsFault } from './aws-http.ts';

/** The attributes CreateQueue/SetQueueAttributes may set, with their documented ranges. */
const RANGES: Record<string, [number, number]> = {
  DelaySeconds: [0, 900],
  // AWS raised the ceiling to 1 MiB in 2025; the default stays the long-standing 256 KiB here.
  MaximumMessageSize: [1024, 1_048_576],
  MessageRetentionPeriod: [60, 1_209_600],
  ReceiveMessageWaitTimeSeconds: [0, 20],
  VisibilityTimeout: [0, 43_200],
  KmsDataKeyReusePeriodSeconds: [60, 86_400],
};
const SETTABLE = new Set([...Object.keys(RANGES), 'Policy', 'RedrivePolicy', 'RedriveAllowPolicy', 'KmsMasterKeyId', 'SqsManagedSseEnabled', 'FifoQueue', 'ContentBasedDeduplication', 'DeduplicationScope', 'FifoThroughputLimit']);

export const DEFAULT_ATTRIBUTES: Record<string, string> = {
  DelaySeconds: '0',
  MaximumMessageSize: '262144',
  MessageRetentionPeriod: '345600',
  ReceiveMessageWaitTimeSeconds: '0',
  VisibilityTimeout: '30',
  SqsManagedSseEnabled: 'true',
};

export interface RedrivePolicy {
  deadLetterTargetArn: string;
  maxReceiveCount: number;
}

const invalidValue = (name: string, reason: string) => new AwsFault(400, 'InvalidAttributeValue', `Invalid value for the parameter ${name}. Reason: ${reason}`);

function parseRedrive(text: string, queueExists: (arn: string) => boolean): RedrivePolicy {
  let policy: Record<string, unknown>;
  try {
    policy = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw invalidValue('RedrivePolicy', 'Redrive policy is not a valid JSON map.');
  }
  const count = Number(policy.maxReceiveCount);
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw invalidValue('RedrivePolicy', 'Value of maxReceiveCount must be an integer from 1 to 1000.');
  const target = policy.deadLetterTargetArn;
  if (typeof target !== 'string' || !queueExists(target)) throw invalidValue('RedrivePolicy', 'Dead letter target does not exist.');
  return { deadLetterTargetArn: target, maxReceiveCount: count };
}

/** Checks the attributes a caller sets, answering as SQS does (InvalidAttributeName / InvalidAttributeValue). */
export function checkQueueAttributes(name: string, attributes: Record<string, string>, queueExists: (arn: string) => boolean): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (!SETTABLE.has(key)) throw new AwsFault(400, 'InvalidAttributeName', `Unknown Attribute ${key}.`);
    const range = RANGES[key];
    if (range) {
      const number = Number(value);
      if (!/^\d+$/.test(value) || number < range[0] || number > range[1]) throw invalidValue(key, `must be an integer from ${range[0]} to ${range[1]}.`);
    }
    if (key === 'RedrivePolicy') parseRedrive(value, queueExists);
    if (key === 'SqsManagedSseEnabled' && value !== 'true' && value !== 'false') throw invalidValue(key, 'must be true or false.');
    if (key === 'FifoQueue' && value === 'true') throw new AwsFault(400, 'InvalidAttributeName', 'FIFO queues are not emulated.');
  }
  if (name.endsWith('.fifo')) throw new AwsFault(400, 'InvalidParameterValue', 'FIFO queues are not emulated.');
}

export function redrivePolicyOf(attributes: Record<string, string>): RedrivePolicy | undefined {
  const text = attributes.RedrivePolicy;
  return text ? (JSON.parse(text) as RedrivePolicy) : undefined;
}

/** Queue names: 1–80 characters, alphanumerics, hyphens and underscores. */
export function checkQueueName(name: string): void {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new AwsFault(400, 'InvalidParameterValue', 'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length');
}
