import { Flex, Text, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { userGroupSchema, type UserGroupDto } from '@portal/shared/users/user-group.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useGroupDisplayName } from '../../../lib/organization-data/user-groups.ts';
import { ColorSwatchesField } from '../../../ui/color-swatches.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { SideCard } from '../../../ui/side-card.tsx';
import { useDeleteUserGroup, useSaveUserGroup } from '../api/user-groups.ts';
import { isEveryoneGroup, toGroupBody, toGroupFormValues, type GroupFormValues } from '../utils/group-form-model.ts';
import { MembersPicker } from './members-picker.tsx';

/** Add and edit a user group (spec 001 §3, §5) in a side card: name, one of 22 colours, members. */
export function GroupForm({ group, onClose, onSaved }: { group?: UserGroupDto; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('users');
  const orgId = useOrganizationContext().organization.id;
  const message = useValidationMessage('users');
  const { run, error } = useFormAction();
  const save = useSaveUserGroup(orgId);
  const remove = useDeleteUserGroup(orgId);
  const everyone = isEveryoneGroup(group);
  const groupName = useGroupDisplayName();

  async function submit(values: GroupFormValues, helpers: FormikHelpers<GroupFormValues>) {
    if (!(await run(() => save.mutateAsync({ groupId: group?.id, body: toGroupBody(values, group) }), t(group ? 'groups.saved' : 'groups.created')))) return;
    helpers.resetForm({ values });
    onSaved();
  }

  async function confirmDelete(id: string) {
    if (await run(() => remove.mutateAsync(id), t('groups.deleted'))) onClose();
  }

  return (
    <Formik initialValues={toGroupFormValues(group)} validationSchema={userGroupSchema} onSubmit={submit}>
      {(form) => (
        <SideCard title={t(group ? 'groups.editTitle' : 'groups.addTitle')} onClose={onClose} frozen={form.dirty} closeOnEscape>
          <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
            <TextField
              label={t('groups.name')}
              autoComplete="off"
              isReadOnly={everyone}
              descriptiveText={everyone ? t('groups.everyoneName') : undefined}
              {...fieldProps(form, 'name', message)}
              {...(group && everyone ? { value: groupName(group) } : {})}
            />
            <ColorSwatchesField form={form} legend={t('groups.color')} message={message} />
            {everyone ? (
              <Text variation="secondary">{t('groups.everyoneMembers')}</Text>
            ) : (
              <MembersPicker
                orgId={orgId}
                legend={t('groups.users')}
                value={form.values.users}
                onChange={(ids) => void form.setFieldValue('users', ids)}
              />
            )}
            <FormError message={error} />
            <FormFooter
              submitLabel={t('form.save')}
              busyLabel={t('form.saving')}
              disabled={!form.dirty || !form.isValid}
              busy={form.isSubmitting}
              remove={group && !everyone ? { label: t('groups.delete'), title: t('groups.deleteTitle'), question: t('groups.deleteQuestion', { name: group.name }), cancelLabel: t('form.cancel'), onConfirm: () => confirmDelete(group.id) } : null}
            />
          </Flex>
        </SideCard>
      )}
    </Formik>
  );
}
