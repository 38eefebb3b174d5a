// Placeholder until helper B lands the webhook routes (replaced, never committed as is).
export const webhookRoutes = {} as Record<'fireWebhook' | 'fireWebhookWithSecret', never>;
