import { useState } from 'react';
import { Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { DEVICE_PROTOCOLS } from '@portal/shared/constants';
import { deviceSchema, type DeviceCredentials, type DeviceDto } from '@portal/shared/devices/device.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useDeveloperMode } from '../../../ui/developer-mode.tsx';
import { FormError, useFormError } from '../../../ui/form-error.tsx';
import { SideCard } from '../../../ui/side-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useDeleteDevice, useIssueCredentials, useRegisterDevice, useUpdateDevice } from '../api/devices.ts';
import { useDevicesValidationMessage } from '../hooks/use-validation-message.ts';
import { DEVICE_TYPE_CHOICES, deviceLabel, toDeviceBody, toDeviceFormValues, type DeviceFormValues } from '../utils/device-form.ts';
import { ConfirmActionDialog } from '../../../ui/confirm-action-dialog.tsx';
import { CopyButton } from './copy-button.tsx';
import { CredentialsPanel } from './credentials-panel.tsx';
import { UserSelect } from './user-select.tsx';

interface DeviceFormProps {
  device?: DeviceDto;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Register or edit a device (spec 001 §3, §5). Registering shows the credentials once, in place of
 * the form; protocol and IoT id appear in developer mode only.
 */
export function DeviceForm({ device, onClose, onSaved }: DeviceFormProps) {
  const { t } = useTranslation('devices');
  const { organization } = useOrganizationContext();
  const orgId = organization.id;
  const developerMode = useDeveloperMode();
  const message = useDevicesValidationMessage();
  const formError = useFormError();
  const toast = useToast();
  const register = useRegisterDevice(orgId);
  const update = useUpdateDevice(orgId, device?.id ?? '');
  const rotate = useIssueCredentials(orgId, device?.id ?? '');
  const remove = useDeleteDevice(orgId, device?.id ?? '');
  const [credentials, setCredentials] = useState<DeviceCredentials>();
  const [confirming, setConfirming] = useState<'delete' | 'rotate'>();

  async function submit(values: DeviceFormValues, helpers: FormikHelpers<DeviceFormValues>) {
    formError.clear();
    try {
      if (device) {
        await update.mutateAsync(toDeviceBody(values));
        helpers.resetForm({ values });
        toast.show({ message: t('form.saved'), variation: 'success' });
        onSaved();
      } else {
        const registered = await register.mutateAsync(toDeviceBody(values));
        helpers.resetForm({ values });
        // The card's title says so; a toast would cover the card's buttons.
        setCredentials(registered.credentials);
      }
    } catch (error) {
      formError.report(error);
    }
  }

  async function confirm() {
    const step = confirming;
    setConfirming(undefined);
    try {
      if (step === 'rotate') {
        setCredentials((await rotate.mutateAsync()).credentials);
      } else if (step === 'delete') {
        await remove.mutateAsync();
        toast.show({ message: t('form.deleted'), variation: 'success' });
        onClose();
      }
    } catch (error) {
      formError.report(error);
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

  const errorOf = (form: FormikProps<DeviceFormValues>, name: keyof DeviceFormValues) =>
    form.touched[name] || form.submitCount > 0 ? message(form.errors[name]) : undefined;

  return (
    <Formik initialValues={toDeviceFormValues(device)} validationSchema={deviceSchema} onSubmit={submit}>
      {(form) => (
        <SideCard title={device ? t('form.editTitle', { name: deviceLabel(device) }) : t('form.addTitle')} onClose={onClose} frozen={form.dirty} closeOnEscape>
          <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
            <TextField label={t('form.name')} name="name" autoComplete="off" value={form.values.name} onChange={form.handleChange} onBlur={form.handleBlur} />
            <TextField
              label={t('form.serialNumber')}
              name="device_id"
              autoComplete="off"
              value={form.values.device_id}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              hasError={Boolean(errorOf(form, 'device_id'))}
              errorMessage={errorOf(form, 'device_id')}
            />
            <SelectField
              label={t('form.type')}
              name="type"
              value={form.values.type}
              onChange={form.handleChange}
              hasError={Boolean(errorOf(form, 'type'))}
              errorMessage={errorOf(form, 'type')}
            >
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
            <FormError message={formError.message} />
            <Flex justifyContent="space-between" wrap="wrap" gap="small">
              <Button
                type="submit"
                variation="primary"
                isDisabled={!form.dirty || !form.isValid}
                isLoading={form.isSubmitting}
                loadingText={t(device ? 'form.saving' : 'form.registering')}
              >
                {t(device ? 'form.save' : 'form.register')}
              </Button>
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
            </Flex>
            {device ? (
              <ConfirmActionDialog
                open={confirming !== undefined}
                title={t(confirming === 'rotate' ? 'form.newCredentialsTitle' : 'form.deleteTitle')}
                message={t(confirming === 'rotate' ? 'form.newCredentialsQuestion' : 'form.deleteQuestion', { name: deviceLabel(device) })}
                confirmLabel={t(confirming === 'rotate' ? 'form.newCredentials' : 'form.delete')}
                cancelLabel={t('form.cancel')}
                busy={remove.isPending || rotate.isPending}
                onConfirm={() => void confirm()}
                onCancel={() => setConfirming(undefined)}
              />
            ) : null}
          </Flex>
        </SideCard>
      )}
    </Formik>
  );
}
