import { createModuleHandler } from '../platform/http/route.ts';
import { kmsCipher } from '../platform/crypto/kms.adapter.ts';
import { registerCipherAdapter } from '../platform/crypto/secret-cipher.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { registerDeviceConfigListeners, watchConfigRoutes } from '../device-config/public.ts';
import { triggerRoutes } from './trigger.routes.ts';
import { webhookRoutes } from './webhook.routes.ts';

// A firing hands each workflow item to its module's queue as a job (decision 0039): the AWS
// adapter here, the in-process one in the local runtime (infra/local/functions.ts).
registerDeliveryQueueAdapter(sqsDeliveryQueue);
// A trigger group, a trigger's name and the trigger menus are in every device's config message: a
// change signals device-config, which republishes them through the IoT data adapter (decision 0064).
registerDeliveryAdapter(iotDataDelivery);
registerDeviceConfigListeners();
// Webhook secrets are stored sealed under the stack's KMS key (decision 0057): created and rotated
// here, opened by the webhook routes. The local runtime registers its AES-256-GCM adapter.
registerCipherAdapter(kmsCipher);

/** The automation module's Lambda: triggers, trigger groups, firings, settings, webhooks, the watch's menu. */
export const handler = createModuleHandler('automation', {
  ...triggerRoutes,
  ...webhookRoutes,
  // GET /watch-config is device-config's (what a watch is told), served by this Lambda.
  ...watchConfigRoutes,
});
