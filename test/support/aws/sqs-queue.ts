import { randomUUID } from 'node:crypto';
import { DEFAULT_ATTRIBUTES, redrivePolicyOf } from './sqs-queue-attributes.ts';
import type { MessageAttributes } from './sqs-message.ts';

export interface StoredMessage {
  id: string;
  body: string;
  attributes?: MessageAttributes;
  md5OfBody: string;
  md5OfAttributes?: string;
  senderId: string;
  traceHeader?: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceiveAt?: number;
  /** Set while received and not yet visible again. */
  inFlight: boolean;
  /** The queue this message was moved from, once in a dead-letter queue. */
  deadLetterSourceArn?: string;
}

/** One standard queue: its messages in send order, and the long polls waiting on it. */
export class Queue {
  readonly messages: StoredMessage[] = [];
  readonly createdAt = Math.floor(Date.now() / 1000);
  modifiedAt = this.createdAt;
  lastPurgeAt = -Infinity;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly url: string,
    public attributes: Record<string, string>,
  ) {
    this.attributes = { ...DEFAULT_ATTRIBUTES, ...attributes };
  }

  number(name: string): number {
    return Number(this.attributes[name]);
  }

  get redrive() {
    return redrivePolicyOf(this.attributes);
  }

  add(message: Omit<StoredMessage, 'id' | 'receiveCount' | 'inFlight'> & { id?: string }): StoredMessage {
    const stored: StoredMessage = { ...message, id: message.id ?? randomUUID(), receiveCount: 0, inFlight: false };
    this.messages.push(stored);
    this.wake();
    return stored;
  }

  remove(message: StoredMessage): void {
    const index = this.messages.indexOf(message);
    if (index >= 0) this.messages.splice(index, 1);
  }

  /** Drops messages past the retention period (SQS deletes them without a trace). */
  expire(now: number): void {
    const oldest = now - this.number('MessageRetentionPeriod') * 1000;
    for (const message of this.messages.filter((m) => m.sentAt < oldest)) this.remove(message);
  }

  visible(now: number): StoredMessage[] {
    this.expire(now);
    return this.messages.filter((m) => m.visibleAt <= now);
  }

  /** Resolves when a message may have become visible (a send, a visibility change) or at `until`. */
  waitUntil(until: number, now: number): Promise<void> {
    const nextVisible = Math.min(...this.messages.map((m) => m.visibleAt).filter((at) => at > now));
    const wakeAt = Math.min(until, nextVisible);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, wakeAt - now));
      this.waiters.add(done);
    });
  }

  wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
