import { useState } from 'react';
import { Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { DEVICE_PROTOCOLS } from '@portal/shared/constants';
import { deviceSchema, type DeviceCredentials, type DeviceDto } from '@portal/shared/devices/device.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useDeveloperMode } from '../../../ui/developer-mode.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { SideCard } from '../../../ui/side-card.tsx';
import { useDeleteDevice, useIssueCredentials, useRegisterDevice, useUpdateDevice } from '../api/devices.ts';
import { DEVICE_TYPE_CHOICES, deviceLabel, toDeviceBody, toDeviceFormValues, type DeviceFormValues } from '../utils/device-form-model.ts';
import { CopyButton } from './copy-button.tsx';
import { CredentialsPanel } from './credentials-panel.tsx';
import { UserSelect } from './user-select.tsx';

/**
 * Register or edit a device (spec 001 §3, §5) in a side card: `device` to edit, none to register.
 * Registering shows the credentials once, in place of the form; protocol and IoT id appear in
 * developer mode only.
 */
export function DeviceForm({ device, onClose, onSaved }: { device?: DeviceDto; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('devices');
  const orgId = useOrganizationContext().organization.id;
  const developerMode = useDeveloperMode();
  const message = useValidationMessage('devices');
  const { run, error } = useFormAction();
  const register = useRegisterDevice(orgId);
  const update = useUpdateDevice(orgId);
  const rotate = useIssueCredentials(orgId, device?.id ?? '');
  const remove = useDeleteDevice(orgId);
  const [credentials, setCredentials] = useState<DeviceCredentials>();
  const [confirming, setConfirming] = useState<'delete' | 'rotate'>();

  async function submit(values: DeviceFormValues, helpers: FormikHelpers<DeviceFormValues>) {
    if (device) {
      if (!(await run(() => update.mutateAsync({ deviceId: device.id, body: toDeviceBody(values) }), t('form.saved')))) return;
      helpers.resetForm({ values });
      onSaved();
    } else {
      // The card's title says so; a toast would cover the card's buttons.
      await run(async () => {
        const registered = await register.mutateAsync(toDeviceBody(values));
        helpers.resetForm({ values });
        setCredentials(registered.credentials);
      });
    }
  }

  async function confirm() {
    const step = confirming;
    setConfirming(undefined);
    if (step === 'rotate') {
      await run(async () => setCredentials((await rotate.mutateAsync()).credentials));
    } else if (step === 'delete' && (await run(() => remove.mutateAsync(device?.id ?? ''), t('form.deleted')))) {
      onClose();
    }
  }

  if (credentials) {
    // Shown once: the card stays open until closed on purpose.
    return (
      <SideCard title={t(device ? 'credentials.newTitle' : 'credentials.registeredTitle')} onClose={onClose} frozen>
        <Flex direction="column" gap="medium">
          <CredentialsPanel credentials={credentials} />
          <Flex>
            <Button variation="primary" onClick={onClose}>
              {t('credentials.done')}
            </Button>
          </Flex>
        </Flex>
      </SideCard>
    );
  }

  return (
    <Formik initialValues={toDeviceFormValues(device)} validationSchema={deviceSchema} onSubmit={submit}>
      {(form) => (
        <SideCard title={device ? t('form.editTitle', { name: deviceLabel(device) }) : t('form.addTitle')} onClose={onClose} frozen={form.dirty} closeOnEscape>
          <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
            <TextField label={t('form.name')} name="name" autoComplete="off" value={form.values.name} onChange={form.handleChange} onBlur={form.handleBlur} />
            <TextField label={t('form.serialNumber')} autoComplete="off" {...fieldProps(form, 'device_id', message)} />
            <SelectField label={t('form.type')} {...fieldProps(form, 'type', message)}>
              {DEVICE_TYPE_CHOICES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </SelectField>
            <UserSelect orgId={orgId} value={form.values.user_id} onChange={(id) => void form.setFieldValue('user_id', id)} />
            {developerMode ? (
              <SelectField label={t('form.protocol')} name="protocol" value={form.values.protocol} onChange={form.handleChange}>
                {DEVICE_PROTOCOLS.map((protocol) => (
                  <option key={protocol} value={protocol}>
                    {protocol}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {developerMode && device ? (
              <Flex alignItems="flex-end" gap="small">
                <TextField label={t('form.iotId')} value={device.iot_id} isReadOnly flex="1" />
                <CopyButton value={device.iot_id} label={t('form.copyIotId')} />
              </Flex>
            ) : null}
            <FormError message={error} />
            <FormFooter
              submitLabel={t(device ? 'form.save' : 'form.register')}
              busyLabel={t(device ? 'form.saving' : 'form.registering')}
              disabled={!form.dirty || !form.isValid}
              busy={form.isSubmitting}
            >
              {device ? (
                <Flex gap="small">
                  <Button onClick={() => setConfirming('rotate')} isLoading={rotate.isPending}>
                    {t('form.newCredentials')}
                  </Button>
                  <Button variation="warning" onClick={() => setConfirming('delete')}>
                    {t('form.delete')}
                  </Button>
                </Flex>
              ) : null}
            </FormFooter>
            {device && confirming ? (
              <ConfirmDialog
                title={t(confirming === 'rotate' ? 'form.newCredentialsTitle' : 'form.deleteTitle')}
                message={t(confirming === 'rotate' ? 'form.newCredentialsQuestion' : 'form.deleteQuestion', { name: deviceLabel(device) })}
                choices={[{ value: confirming, label: t(confirming === 'rotate' ? 'form.newCredentials' : 'form.delete'), variation: 'destructive' }]}
                cancelLabel={t('form.cancel')}
                onChoose={() => void confirm()}
                onCancel={() => setConfirming(undefined)}
              />
            ) : null}
          </Flex>
        </SideCard>
      )}
    </Formik>
  );
}
