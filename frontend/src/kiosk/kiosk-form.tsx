import { useState, type FormEvent } from 'react';
import { Button, Flex, Heading, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { readCredentials, type CredentialField as Field, type KioskCredentials } from './kiosk-config.ts';

/**
 * The tablet's credentials as the devices page showed them (client ID, username, token) and its
 * organisation. They stay in this page's memory only: a reload asks again.
 */
export function KioskForm({ onConnect }: { onConnect: (credentials: KioskCredentials) => void }) {
  const { t } = useTranslation('kiosk');
  const [values, setValues] = useState<Record<Field, string>>({ orgId: '', clientId: '', username: '', token: '' });
  const [missing, setMissing] = useState<Field[]>([]);
  const field = (name: Field) => ({
    label: t(`form.${name}`),
    value: values[name],
    hasError: missing.includes(name),
    errorMessage: t('form.required', { field: t(`form.${name}`) }),
    autoComplete: 'off',
    spellCheck: false,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readCredentials(values);
    setMissing(read.missing);
    if (read.credentials) onConnect(read.credentials);
  };
  return (
    <Flex as="form" direction="column" gap="medium" className="kiosk-form" onSubmit={submit} noValidate aria-labelledby="kiosk-form-title">
      <Heading id="kiosk-form-title" level={2} fontSize="large">
        {t('form.title')}
      </Heading>
      <TextField {...field('orgId')} descriptiveText={t('form.orgIdHint')} />
      <TextField {...field('clientId')} />
      <TextField {...field('username')} />
      {/* A password input without Amplify's show/hide button, whose labels are English only. */}
      <TextField {...field('token')} type="password" autoComplete="new-password" />
      <Button type="submit" variation="primary">
        {t('form.connect')}
      </Button>
    </Flex>
  );
}
