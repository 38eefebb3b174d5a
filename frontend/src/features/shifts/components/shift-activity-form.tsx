import { Flex, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { shiftActivityTypeSchema, type ShiftActivityTypeDto } from '@portal/shared/shifts/shift.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { ColorSwatchesField } from '../../../ui/color-swatches.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { SideCard } from '../../../ui/side-card.tsx';
import { useDeleteShiftActivityType, useSaveShiftActivityType } from '../api/shift-activity-types.ts';
import { toShiftActivityBody, toShiftActivityFormValues, type ShiftActivityFormValues } from '../utils/shift-activity-form-model.ts';

/** Add and edit a shift activity (spec 001 §3, §5) in a side card: a name and one of the 22 preset colours. */
export function ShiftActivityForm({ activity, onClose, onSaved }: { activity?: ShiftActivityTypeDto; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('shifts', { keyPrefix: 'settings' });
  const orgId = useOrganizationContext().organization.id;
  const message = useValidationMessage('shifts');
  const { run, error } = useFormAction();
  const save = useSaveShiftActivityType(orgId);
  const remove = useDeleteShiftActivityType(orgId);

  async function submit(values: ShiftActivityFormValues, helpers: FormikHelpers<ShiftActivityFormValues>) {
    const done = t(activity ? 'saved' : 'created');
    if (!(await run(() => save.mutateAsync({ activityTypeId: activity?.id, body: toShiftActivityBody(values) }), done))) return;
    helpers.resetForm({ values });
    onSaved();
  }

  async function confirmDelete(id: string) {
    if (await run(() => remove.mutateAsync(id), t('deleted'))) onClose();
  }

  return (
    <Formik initialValues={toShiftActivityFormValues(activity)} validationSchema={shiftActivityTypeSchema} onSubmit={submit}>
      {(form) => (
        <SideCard title={t(activity ? 'editTitle' : 'addTitle')} onClose={onClose} frozen={form.dirty} closeOnEscape>
          <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
            <TextField label={t('name')} autoComplete="off" {...fieldProps(form, 'name', message)} />
            <ColorSwatchesField form={form} legend={t('color')} message={message} />
            <FormError message={error} />
            <FormFooter
              submitLabel={t('save')}
              busyLabel={t('saving')}
              disabled={!form.dirty || !form.isValid}
              busy={form.isSubmitting}
              remove={activity ? { label: t('delete'), title: t('deleteTitle'), question: t('deleteQuestion', { name: activity.name }), cancelLabel: t('cancel'), onConfirm: () => confirmDelete(activity.id) } : null}
            />
          </Flex>
        </SideCard>
      )}
    </Formik>
  );
}
