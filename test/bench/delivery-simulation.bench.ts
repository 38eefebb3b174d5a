/**
 * Delivery simulation (issue 12): how long a send to 5,000, 50,000 and 500,000 people takes on AWS
 * through the delivery queue (decision 0020), under IoT Core's account limit and the delivery
 * Lambda's bounded concurrency. A model, not a deployment: its parameters are the construct's
 * settings (infra/aws/delivery.construct.ts), the consumer's CPU per batch measured here (building
 * 500 payloads and status rows with the real code, median of 7 runs), and stated AWS latencies
 * (override with SIM_* variables). `npx tsx test/bench/delivery-simulation.bench.ts`.
 */
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  DELIVERY_BATCH_SIZE,
  DELIVERY_MAX_CONCURRENCY,
  DELIVERY_PUBLISHES_PER_SECOND,
  IOT_ACCOUNT_PUBLISHES_PER_SECOND,
  PUBLISHES_PER_SECOND_PER_CONSUMER,
} from '../../infra/aws/delivery.construct.ts';
import { RECIPIENTS_PER_BATCH } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { BATCH_SIZE as ROWS_PER_BATCH_WRITE } from '../../functions/src/platform/delivery/batch-writer.ts';
import { IOT_DATA_IN_FLIGHT } from '../../functions/src/platform/delivery/iot-data.adapter.ts';
import { MAX_ENTRIES_PER_CALL } from '../../functions/src/platform/delivery/sqs-queue.adapter.ts';
import { notificationMessage } from '../../functions/src/notifications/delivery.service.ts';

process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const stated = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Stated AWS figures (ms): typical in-region latencies, not measured here. */
const AWS = {
  publishMs: stated('SIM_PUBLISH_MS', 25), // IoT data plane Publish over a kept-alive HTTPS socket
  sqsCallMs: stated('SIM_SQS_CALL_MS', 20), // one SendMessageBatch
  getItemMs: stated('SIM_GET_ITEM_MS', 5), // the notification, once per batch
  batchWriteMs: stated('SIM_BATCH_WRITE_MS', 15), // one BatchWriteItem of 25 rows
  invokeMs: stated('SIM_INVOKE_MS', 30), // the event source's poll and invoke, per invocation
  coldStartMs: stated('SIM_COLD_START_MS', 700), // first invocation of each instance
};
const SQS_CALLS_IN_FLIGHT = 8;
const ROW_WRITES_IN_FLIGHT = 16;
const SIZES = [5_000, 50_000, 500_000];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU the consumer spends on one batch besides waiting: payloads (envelope, id) and status rows, measured. */
function measureBatchCpuMs(): { median: number; min: number; max: number } {
  const sentAt = new Date().toISOString();
  const message = notificationMessage({
    orgId: '01JORG0000000000000000000',
    notificationId: '01JNOTIFICATION0000000000',
    content: { title: { text: 'Shop opens early' }, body: { text: 'Doors at 7:30 tomorrow' } },
    recipientGroups: [],
    config: { send: null, recurring: null },
    meta: {},
    createdBy: 'admin',
    createdAt: sentAt,
    sentAt,
    recipientShards: 2,
  });
  const recipients = Array.from({ length: RECIPIENTS_PER_BATCH }, (_, i) => ({ userId: `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`, groupNumber: 0 }));
  const once = () => {
    const start = performance.now();
    for (const r of recipients) {
      message.message(r);
      message.statusRow!(r, { delivered: true, at: new Date() });
    }
    return performance.now() - start;
  };
  for (let i = 0; i < 3; i++) once();
  const runs = Array.from({ length: 7 }, once);
  return { median: median(runs), min: Math.min(...runs), max: Math.max(...runs) };
}

interface Result {
  recipients: number;
  batches: number;
  sqsCalls: number;
  enqueueMs: number;
  invocations: number;
  lastPublishMs: number;
  doneMs: number;
  peakRate: number;
  unboundedRate: number;
}

/**
 * Discrete-event model: the API (or scheduled function) queues the batches, 10 per SendMessageBatch,
 * 8 calls in flight; at most C delivery instances each take up to DELIVERY_BATCH_SIZE records per
 * invocation (what is visible, shared among them) and handle them side by side: GetItem, publishes
 * at min(pace, in-flight / latency) through the instance's pacer, then the rows (25 a call, 16 in
 * flight). A batch is visible as soon as its SendMessageBatch call returns.
 */
function simulate(recipients: number, cpuMsPerBatch: number): Result {
  const batches = Math.ceil(recipients / RECIPIENTS_PER_BATCH);
  const sqsCalls = Math.ceil(batches / MAX_ENTRIES_PER_CALL);
  const enqueueMs = Math.ceil(sqsCalls / SQS_CALLS_IN_FLIGHT) * AWS.sqsCallMs;
  const rate = Math.min(PUBLISHES_PER_SECOND_PER_CONSUMER, IOT_DATA_IN_FLIGHT / (AWS.publishMs / 1000));
  const instances = Array.from({ length: Math.min(DELIVERY_MAX_CONCURRENCY, batches) }, () => ({ freeAt: 0, warm: false }));
  // When each batch becomes visible: its SendMessageBatch call's completion.
  const visibleAt = (index: number) => (Math.floor(Math.floor(index / MAX_ENTRIES_PER_CALL) / SQS_CALLS_IN_FLIGHT) + 1) * AWS.sqsCallMs;
  let next = 0;
  let invocations = 0;
  let lastPublishMs = 0;
  let doneMs = 0;
  while (next < batches) {
    const instance = instances.reduce((a, b) => (a.freeAt <= b.freeAt ? a : b));
    const start = Math.max(instance.freeAt, visibleAt(next)) + AWS.invokeMs + (instance.warm ? 0 : AWS.coldStartMs);
    instance.warm = true;
    invocations++;
    // A poll returns what is visible, shared among the instances, at most DELIVERY_BATCH_SIZE.
    let visible = next;
    while (visible < batches && visibleAt(visible) <= start) visible++;
    const take = Math.max(1, Math.min(DELIVERY_BATCH_SIZE, Math.ceil((visible - next) / instances.length)));
    const sizes = Array.from({ length: Math.min(take, batches - next) }, (_, i) => Math.min(RECIPIENTS_PER_BATCH, recipients - (next + i) * RECIPIENTS_PER_BATCH));
    next += sizes.length;
    // The records side by side, publishes through the instance's one pacer; the last batch's rows after its publishes.
    const publishedAt = start + AWS.getItemMs + cpuMsPerBatch * sizes.length + (sizes.reduce((a, b) => a + b, 0) / rate) * 1000 + AWS.publishMs;
    const end = publishedAt + Math.ceil(Math.ceil(sizes.at(-1)! / ROWS_PER_BATCH_WRITE) / ROW_WRITES_IN_FLIGHT) * AWS.batchWriteMs;
    lastPublishMs = Math.max(lastPublishMs, publishedAt);
    instance.freeAt = end;
    doneMs = Math.max(doneMs, end);
  }
  return {
    recipients,
    batches,
    sqsCalls,
    enqueueMs,
    invocations,
    lastPublishMs,
    doneMs,
    peakRate: Math.min(batches, DELIVERY_MAX_CONCURRENCY) * rate,
    // Without maxConcurrency and pace: one instance per batch, each at its sockets' rate.
    unboundedRate: batches * (IOT_DATA_IN_FLIGHT / (AWS.publishMs / 1000)),
  };
}

const cpu = measureBatchCpuMs();
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n = (value: number) => Math.round(value).toLocaleString('en-US');
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}`);
console.log(
  `model: ${RECIPIENTS_PER_BATCH} recipients a batch, ${DELIVERY_BATCH_SIZE} batches an invocation, at most ${DELIVERY_MAX_CONCURRENCY} delivery instances, each paced at ${n(PUBLISHES_PER_SECOND_PER_CONSUMER)} publishes/s with ${IOT_DATA_IN_FLIGHT} in flight; deliveries may use ${n(DELIVERY_PUBLISHES_PER_SECOND)} of IoT Core's ${n(IOT_ACCOUNT_PUBLISHES_PER_SECOND)} publishes/s`,
);
console.log(
  `stated: publish ${AWS.publishMs} ms, SendMessageBatch ${AWS.sqsCallMs} ms, GetItem ${AWS.getItemMs} ms, BatchWriteItem ${AWS.batchWriteMs} ms, poll+invoke ${AWS.invokeMs} ms, cold start ${AWS.coldStartMs} ms`,
);
console.log(`measured: consumer CPU per batch of ${RECIPIENTS_PER_BATCH} (payloads and rows) ${cpu.median.toFixed(2)} ms median of 7 (${cpu.min.toFixed(2)}–${cpu.max.toFixed(2)})`);
console.log('');
console.log('| recipients | batches | SendMessageBatch calls | queued (API answers) | invocations | last publish | rows written | peak publishes/s (of limit) | unbounded would ask |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const size of SIZES) {
  const r = simulate(size, cpu.median);
  console.log(
    `| ${n(r.recipients)} | ${n(r.batches)} | ${n(r.sqsCalls)} | ${r.enqueueMs} ms | ${n(r.invocations)} | ${s(r.lastPublishMs)} | ${s(r.doneMs)} | ${n(r.peakRate)} (${((r.peakRate / IOT_ACCOUNT_PUBLISHES_PER_SECOND) * 100).toFixed(0)} %) | ${n(r.unboundedRate)}/s (${(r.unboundedRate / IOT_ACCOUNT_PUBLISHES_PER_SECOND).toFixed(1)}×) |`,
  );
}
