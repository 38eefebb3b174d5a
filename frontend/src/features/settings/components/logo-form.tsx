import { useId, useRef, type ChangeEvent } from 'react';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, type LogoContentType } from '@portal/shared/settings/logo.limits';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useOrganizationLogo, useRemoveLogo, useUploadLogo } from '../../../lib/organization-data/logo.ts';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { readLogoFile } from '../utils/logo-file.ts';
import { SERVER_ERRORS_NAMESPACE } from '../../../lib/i18n.ts';

/** Spec 000 §2: the organisation logo in the sidebar; superadmins upload or remove it here (decision 0019). */
export function LogoForm() {
  const { t } = useTranslation('settings');
  const { t: tErrors } = useTranslation(SERVER_ERRORS_NAMESPACE);
  const { organization } = useOrganizationContext();
  const logo = useOrganizationLogo(organization.id);
  const upload = useUploadLogo(organization.id);
  const remove = useRemoveLogo(organization.id);
  const { run, error, report } = useFormAction();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  const busy = upload.isPending || remove.isPending;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    // The server checks the bytes; these checks only spare a doomed upload.
    const refusal = !(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type) ? 'unsupportedType' : file.size > LOGO_MAX_BYTES ? 'tooLarge' : undefined;
    if (refusal) {
      report(new Error(tErrors(`logo.${refusal}`)));
    } else {
      const image = await readLogoFile(file);
      await run(() => upload.mutateAsync({ content_type: file.type as LogoContentType, image }), t('logo.saved'));
    }
    // The same file may be chosen again after a refusal.
    event.target.value = '';
  }

  return (
    <Flex as="section" className="logo-form" direction="column" gap="small" maxWidth="40rem" aria-labelledby={titleId}>
      <Heading level={3} fontSize="large" id={titleId}>
        {t('logo.title')}
      </Heading>
      <Text id={hintId}>{t('logo.intro')}</Text>
      <Flex alignItems="center" gap="medium" wrap="wrap">
        {logo.data ? <img src={logo.data} alt={t('logo.current', { name: organization.name })} style={{ maxHeight: 64, maxWidth: 160, objectFit: 'contain' }} /> : <Text>{t('logo.none')}</Text>}
        {/* The button is the control (keyboard, screen readers); the file input stays out of sight. */}
        <Button size="small" isDisabled={busy} aria-describedby={hintId} onClick={() => input.current?.click()}>
          {t('logo.choose')}
        </Button>
        <input ref={input} hidden type="file" accept={LOGO_CONTENT_TYPES.join(',')} data-testid="logo-file" onChange={(event) => void choose(event)} />
        {logo.data ? (
          <Button size="small" variation="link" isDisabled={busy} onClick={() => void run(() => remove.mutateAsync(), t('logo.removed'))}>
            {t('logo.remove')}
          </Button>
        ) : null}
      </Flex>
      <FormError message={error} />
    </Flex>
  );
}
