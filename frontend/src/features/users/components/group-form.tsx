import { useState } from 'react';
import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { userGroupSchema, type UserGroupDto } from '@portal/shared/users/user-group.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { FormError, useFormError } from '../../../ui/form-error.tsx';
import { SideCard } from '../../../ui/side-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useDeleteUserGroup, useSaveUserGroup } from '../api/user-groups.ts';
import { useUsersValidationMessage } from '../hooks/use-validation-message.ts';
import { isEveryoneGroup, toGroupBody, toGroupFormValues, type GroupFormValues } from '../utils/group-form.ts';
import { ColorSwatches } from './color-swatches.tsx';
import { ConfirmActionDialog } from '../../../ui/confirm-action-dialog.tsx';
import { MembersPicker } from './members-picker.tsx';

interface GroupFormProps {
  group?: UserGroupDto;
  onClose: () => void;
  onSaved: () => void;
}

/** Add and edit a user group (spec 001 §3, §5): name, one of 22 colours, members. */
export function GroupForm({ group, onClose, onSaved }: GroupFormProps) {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const message = useUsersValidationMessage();
  const formError = useFormError();
  const toast = useToast();
  const save = useSaveUserGroup(organization.id);
  const remove = useDeleteUserGroup(organization.id);
  const [confirming, setConfirming] = useState(false);
  const everyone = isEveryoneGroup(group);

  async function submit(values: GroupFormValues, helpers: FormikHelpers<GroupFormValues>) {
    formError.clear();
    try {
      await save.mutateAsync({ groupId: group?.id, body: toGroupBody(values, group) });
      helpers.resetForm({ values });
      toast.show({ message: t(group ? 'groups.saved' : 'groups.created'), variation: 'success' });
      onSaved();
    } catch (error) {
      formError.report(error);
    }
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync(group!.id);
      setConfirming(false);
      toast.show({ message: t('groups.deleted'), variation: 'success' });
      onClose();
    } catch (error) {
      setConfirming(false);
      formError.report(error);
    }
  }

  const errorOf = (form: FormikProps<GroupFormValues>, name: 'name' | 'color') =>
    form.touched[name] || form.submitCount > 0 ? message(form.errors[name]) : undefined;

  return (
    <Formik initialValues={toGroupFormValues(group)} validationSchema={userGroupSchema} onSubmit={submit}>
      {(form) => (
        <SideCard title={t(group ? 'groups.editTitle' : 'groups.addTitle')} onClose={onClose} frozen={form.dirty} closeOnEscape>
          <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
            <TextField
              label={t('groups.name')}
              name="name"
              autoComplete="off"
              isReadOnly={everyone}
              descriptiveText={everyone ? t('groups.everyoneName') : undefined}
              value={form.values.name}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              hasError={Boolean(errorOf(form, 'name'))}
              errorMessage={errorOf(form, 'name')}
            />
            <ColorSwatches
              legend={t('groups.color')}
              name="color"
              value={form.values.color}
              error={errorOf(form, 'color')}
              onChange={(color) => {
                void form.setFieldValue('color', color);
                void form.setFieldTouched('color', true, false);
              }}
            />
            {everyone ? (
              <Text variation="secondary">{t('groups.everyoneMembers')}</Text>
            ) : (
              <MembersPicker
                orgId={organization.id}
                legend={t('groups.users')}
                value={form.values.users}
                onChange={(ids) => void form.setFieldValue('users', ids)}
              />
            )}
            <FormError message={formError.message} />
            <Flex justifyContent="space-between" wrap="wrap">
              <Button type="submit" variation="primary" isDisabled={!form.dirty || !form.isValid} isLoading={form.isSubmitting} loadingText={t('form.saving')}>
                {t('form.save')}
              </Button>
              {group && !everyone ? (
                <Button variation="warning" onClick={() => setConfirming(true)}>
                  {t('groups.delete')}
                </Button>
              ) : null}
            </Flex>
            {group && !everyone ? (
              <ConfirmActionDialog
                open={confirming}
                title={t('groups.deleteTitle')}
                message={t('groups.deleteQuestion', { name: group.name })}
                confirmLabel={t('groups.delete')}
                cancelLabel={t('form.cancel')}
                busy={remove.isPending}
                onConfirm={() => void confirmDelete()}
                onCancel={() => setConfirming(false)}
              />
            ) : null}
          </Flex>
        </SideCard>
      )}
    </Formik>
  );
}
