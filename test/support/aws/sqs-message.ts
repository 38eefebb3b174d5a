import { createHash } from 'node:crypto';
import { AwsFault } from './aws-http.ts';

/** A message attribute as the JSON protocol carries it (BinaryValue base64). */
export interface MessageAttribute {
  DataType: string;
  StringValue?: string;
  BinaryValue?: string;
  StringListValues?: string[];
  BinaryListValues?: string[];
}
export type MessageAttributes = Record<string, MessageAttribute>;

export const MAX_DELAY_SECONDS = 900;
export const MAX_MESSAGE_ATTRIBUTES = 10;

const invalid = (message: string) => new AwsFault(400, 'InvalidParameterValue', message);

/** The characters SQS accepts in a body: #x9 | #xA | #xD | #x20–#xD7FF | #xE000–#xFFFD | #x10000–#x10FFFF. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTER = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ATTRIBUTE_NAME = /^[A-Za-z0-9_.-]{1,256}$/;
const DATA_TYPE = /^(String|Number|Binary)(\.[A-Za-z0-9_.-]{1,})?$/;

export function checkBody(body: string): void {
  if (body.length === 0) throw new AwsFault(400, 'MissingParameter', 'The request must contain the parameter MessageBody.');
  if (FORBIDDEN_CHARACTER.test(body)) throw new AwsFault(400, 'InvalidMessageContents', 'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF');
}

/** Names, types and values of message attributes, as SQS checks them (developer guide, "Message attributes"). */
export function checkAttributes(attributes: MessageAttributes | undefined): void {
  const entries = Object.entries(attributes ?? {});
  if (entries.length > MAX_MESSAGE_ATTRIBUTES) throw invalid(`Number of message attributes [${entries.length}] exceeds the allowed maximum [${MAX_MESSAGE_ATTRIBUTES}].`);
  for (const [name, value] of entries) {
    const reserved = /^(aws\.|amazon\.)/i.test(name);
    if (!ATTRIBUTE_NAME.test(name) || reserved || name.startsWith('.') || name.endsWith('.') || name.includes('..')) throw invalid(`Message (user) attribute name '${name}' is invalid.`);
    if (!DATA_TYPE.test(value.DataType) || value.DataType.length > 256) throw invalid(`The type of message (user) attribute '${name}' is invalid.`);
    if (value.StringListValues?.length || value.BinaryListValues?.length) throw invalid(`Message (user) attribute '${name}': list values are not implemented.`);
    const binary = value.DataType.startsWith('Binary');
    if (binary ? value.BinaryValue === undefined : value.StringValue === undefined) throw invalid(`Message (user) attribute '${name}' must contain a non-empty value of type '${value.DataType}'.`);
    if (!binary && value.StringValue === '') throw invalid(`Message (user) attribute '${name}' must contain a non-empty value.`);
    if (value.DataType.startsWith('Number') && !Number.isFinite(Number(value.StringValue))) throw invalid(`Can't cast the value of message (user) attribute '${name}' to a number.`);
  }
}

/** What counts against MaximumMessageSize: the body and each attribute's name, type and value. */
export function messageSize(body: string, attributes: MessageAttributes | undefined): number {
  let size = Buffer.byteLength(body);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    size += Buffer.byteLength(name) + Buffer.byteLength(value.DataType);
    size += value.BinaryValue !== undefined ? Buffer.from(value.BinaryValue, 'base64').length : Buffer.byteLength(value.StringValue ?? '');
  }
  return size;
}

export const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex');

/** MD5OfMessageAttributes as SQS computes it (sorted names; length-prefixed name, type, transport byte, value). */
export function md5OfAttributes(attributes: MessageAttributes | undefined): string | undefined {
  const entries = Object.entries(attributes ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return undefined;
  const parts: Buffer[] = [];
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    parts.push(length, bytes);
  };
  for (const [name, value] of entries) {
    field(Buffer.from(name));
    field(Buffer.from(value.DataType));
    const binary = value.BinaryValue !== undefined;
    parts.push(Buffer.from([binary ? 2 : 1]));
    field(binary ? Buffer.from(value.BinaryValue!, 'base64') : Buffer.from(value.StringValue ?? ''));
  }
  return md5(Buffer.concat(parts));
}

/** DelaySeconds of a send: 0–900, the queue's when absent. */
export function delayOf(value: unknown, queueDefault: number): number {
  if (value === undefined || value === null) return queueDefault;
  const delay = value as number;
  if (delay < 0 || delay > MAX_DELAY_SECONDS) throw invalid(`Value ${delay} for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= ${MAX_DELAY_SECONDS}.`);
  return delay;
}
