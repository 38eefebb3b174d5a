import { Alert, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { TriggerDto, WebhookInfo } from '@portal/shared/automation/automation.schema';
import { ConfirmButton } from '../../../ui/confirm-dialog.tsx';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { useRotateSecret } from '../api/triggers.ts';
import { curlExample, webhookUrl } from '../utils/webhook.ts';

interface WebhookPanelProps {
  orgId: string;
  trigger: TriggerDto;
  webhook: WebhookInfo;
  /** The secret of this create, edit or rotation: shown this once (the server keeps it, the page does not). */
  secret: string | undefined;
  onRotated: (secret: string) => void;
}

/** An external trigger's webhook (docs/webhooks.md): its URL, a ready curl example, the secret once, and its rotation. */
export function WebhookPanel({ orgId, trigger, webhook, secret, onRotated }: WebhookPanelProps) {
  const { t } = useTranslation('automation');
  const clock = useOrganizationClock();
  const rotate = useRotateSecret(orgId);
  const { run, error } = useFormAction();
  const url = webhookUrl(window.location.origin, webhook.path);
  const curl = curlExample(url, secret ?? t('webhook.secretPlaceholder'));
  const copy = { copied: t('copy.copied'), failed: t('copy.failed') };

  async function rotateSecret() {
    await run(async () => {
      const rotated = await rotate.mutateAsync(trigger.id);
      if (rotated.secret) onRotated(rotated.secret);
    }, t('webhook.rotated'));
  }

  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="webhook-heading" className="trigger-section">
      <Heading level={3} fontSize="large" id="webhook-heading">
        {t('webhook.title')}
      </Heading>
      <Text variation="secondary">{t('webhook.help')}</Text>
      {secret ? (
        <Alert variation="warning" heading={t('webhook.onceHeading')}>
          <Flex direction="column" gap="small">
            <Text>{t('webhook.once')}</Text>
            <Flex alignItems="flex-end" gap="small">
              <TextField label={t('webhook.secret')} value={secret} isReadOnly flex="1" className="webhook__value" />
              <CopyButton value={secret} label={t('webhook.copySecret')} {...copy} />
            </Flex>
          </Flex>
        </Alert>
      ) : (
        <Text variation="secondary">{t('webhook.secretHint', { hint: webhook.secret_hint, date: clock.dateTime(webhook.secret_created_at) })}</Text>
      )}
      <Flex alignItems="flex-end" gap="small">
        <TextField label={t('webhook.url')} value={url} isReadOnly flex="1" className="webhook__value" />
        <CopyButton value={url} label={t('webhook.copyUrl')} {...copy} />
      </Flex>
      <div>
        <p className="webhook__label" id="webhook-curl-label">
          {t('webhook.curl')}
        </p>
        <pre className="webhook__code" aria-labelledby="webhook-curl-label" tabIndex={0}>
          <code>{curl}</code>
        </pre>
        <CopyButton value={curl} label={t('webhook.copyCurl')} {...copy} />
      </div>
      <FormError message={error} />
      <Flex>
        <ConfirmButton
          label={t('webhook.rotate')}
          variation="warning"
          title={t('webhook.rotateTitle')}
          question={t('webhook.rotateQuestion', { name: trigger.name })}
          cancelLabel={t('form.cancel')}
          onConfirm={rotateSecret}
        />
      </Flex>
    </Flex>
  );
}
