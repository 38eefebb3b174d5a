import { Alert, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { DeviceCredentials } from '@portal/shared/devices/device.schema';
import { CopyButton } from './copy-button.tsx';

/** The credentials a device connects with; the token is shown this once (only its hash is kept). */
export function CredentialsPanel({ credentials }: { credentials: DeviceCredentials }) {
  const { t } = useTranslation('devices');
  const rows = [
    { key: 'clientId', value: credentials.client_id },
    { key: 'username', value: credentials.username },
    { key: 'token', value: credentials.token },
  ] as const;
  const topics = credentials.mqtt.topics;
  return (
    <Flex as="section" direction="column" gap="medium" aria-label={t('credentials.title')}>
      <Heading level={3} fontSize="large">
        {t('credentials.title')}
      </Heading>
      <Alert variation="warning" role="alert" heading={t('credentials.onceHeading')}>
        {t('credentials.once')}
      </Alert>
      {rows.map((row) => (
        <Flex key={row.key} alignItems="flex-end" gap="small">
          <TextField label={t(`credentials.${row.key}`)} value={row.value} isReadOnly flex="1" className="credentials__value" />
          <CopyButton value={row.value} label={t(`credentials.copy.${row.key}`)} />
        </Flex>
      ))}
      <Text variation="secondary">{t('credentials.topics')}</Text>
      <ul className="credentials__topics">
        <li>
          {t('credentials.configTopic')}: <code>{topics.config}</code>
        </li>
        <li>
          {t('credentials.eventsTopic')}: <code>{topics.events}</code>
        </li>
        <li>
          {t('credentials.inboxTopic')}: <code>{topics.inbox ?? t('credentials.noInbox')}</code>
        </li>
      </ul>
    </Flex>
  );
}
