import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { createDeadLetterQueue } from './dead-letter.ts';
import { pascal } from './logical-id.ts';
import { PortalFunction } from './portal-function.construct.ts';
import { DELIVERY_MODULES, type DeliveryFunctionName, type DeliveryModule } from './function-needs.ts';
import { grantTableAccess } from './table-access.ts';

/**
 * The modules that send to people through the delivery queue (functions/src/platform/delivery,
 * decision 0020), each with `functions/src/<module>/delivery.handler.ts`; who sends to which queue
 * is FUNCTION_NEEDS' `queues` (function-needs.ts).
 */
export { DELIVERY_MODULES, type DeliveryFunctionName, type DeliveryModule } from './function-needs.ts';

/** IoT Core's default quota of outbound publishes per second, per account and region. */
export const IOT_ACCOUNT_PUBLISHES_PER_SECOND = 20_000;
/** What the deliveries of all modules may use of it: the rest is left to device configurations and receipts' replies. */
export const DELIVERY_PUBLISHES_PER_SECOND = 16_000;
/** Delivery Lambdas per module at once (SQS event source maxConcurrency; 2 is its minimum). */
export const DELIVERY_MAX_CONCURRENCY = 4;
/** Each instance's pace: together they stay within DELIVERY_PUBLISHES_PER_SECOND. */
export const PUBLISHES_PER_SECOND_PER_CONSUMER = Math.floor(DELIVERY_PUBLISHES_PER_SECOND / (DELIVERY_MAX_CONCURRENCY * DELIVERY_MODULES.length));
/** Queue messages (batches of 500 recipients) per invocation. */
export const DELIVERY_BATCH_SIZE = 5;
export const DELIVERY_TIMEOUT = Duration.seconds(60);
/** Receives before a batch goes to the dead-letter queue. */
export const DELIVERY_MAX_RECEIVE_COUNT = 5;

export interface DeliveryConstructProps {
  readonly table: ITableV2;
}

/**
 * Per module: a delivery queue (SQS, SQS-managed encryption, TLS only), its dead-letter queue with
 * an alarm on the first message, and the delivery function that consumes it with bounded
 * concurrency and partial batch failures (a batch with a failed publish comes back after 2, 4, 8,
 * 16 s, the consumer shortening its visibility timeout by its receive count (`retryDelaySeconds`),
 * else after the visibility timeout; the consumer skips recipients already delivered; the local
 * runtime's queue waits 4, 8, 16, 32 s). The same queue carries the
 * module's jobs (decision 0039), retried and dead-lettered alike. `grantSend` gives a sender
 * DELIVERY_QUEUE=sqs, the queue's URL and sqs:SendMessage on that queue only.
 */
export class DeliveryConstruct extends Construct {
  readonly functions = {} as Record<DeliveryFunctionName, PortalFunction>;
  readonly queues = {} as Record<DeliveryModule, Queue>;
  readonly alarms = {} as Record<DeliveryModule, Alarm>;

  constructor(scope: Construct, id: string, props: DeliveryConstructProps) {
    super(scope, id);
    for (const module of DELIVERY_MODULES) {
      const name = pascal(module);
      const dead = createDeadLetterQueue(this, `${name}DeadLetterQueue`, {
        holds: `${module} delivery batches and jobs that failed ${DELIVERY_MAX_RECEIVE_COUNT} times (publish to IoT Core, status rows, or a job's send)`,
      });
      const queue = new Queue(this, `${name}Queue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // Six times the function's timeout, as Lambda advises for SQS event sources.
        visibilityTimeout: Duration.seconds(DELIVERY_TIMEOUT.toSeconds() * 6),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: dead.queue, maxReceiveCount: DELIVERY_MAX_RECEIVE_COUNT },
      });
      const fn = new PortalFunction(this, `${name}Function`, {
        entry: `functions/src/${module}/delivery.handler.ts`,
        serviceName: module,
        description: `${name}: delivery of queued sends to people's inboxes (SQS consumer)`,
        timeout: DELIVERY_TIMEOUT,
        environment: { DELIVERY_PUBLISHES_PER_SECOND: String(PUBLISHES_PER_SECOND_PER_CONSUMER) },
      });
      grantTableAccess(fn, props.table, `${module}Delivery`);
      fn.addEventSource(
        new SqsEventSource(queue, { batchSize: DELIVERY_BATCH_SIZE, maxConcurrency: DELIVERY_MAX_CONCURRENCY, reportBatchItemFailures: true }),
      );
      this.functions[`${module}Delivery`] = fn;
      this.queues[module] = queue;
      this.alarms[module] = dead.alarm;
    }
  }

  /** Lets `sender` queue `module`'s sends and jobs (FUNCTION_NEEDS' `queues`). */
  grantSend(sender: LambdaFunction, module: DeliveryModule): void {
    this.nameQueue(sender, module);
    // SendMessageBatch is authorised by sqs:SendMessage; nothing else on the queue.
    sender.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queues[module].queueArn] }));
  }

  /**
   * Tells `module`'s delivery function its own queue (FUNCTION_NEEDS' `consumes`), where it brings a
   * failed record back early; the event source mapping already granted it the consume actions.
   */
  grantConsume(consumer: LambdaFunction, module: DeliveryModule): void {
    if (consumer !== this.functions[`${module}Delivery`]) throw new Error(`Only the ${module} delivery function consumes its queue`);
    this.nameQueue(consumer, module);
  }

  private nameQueue(fn: LambdaFunction, module: DeliveryModule): void {
    fn.addEnvironment('DELIVERY_QUEUE', 'sqs');
    fn.addEnvironment(`DELIVERY_QUEUE_URL_${module.toUpperCase()}`, this.queues[module].queueUrl);
  }
}
