import { useState } from 'react';
import { Button, CheckboxField, Flex, PasswordField, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PIN_MAX_DIGITS } from '@portal/shared/constants';
import type { AccessLevel } from '@portal/shared/users/access-levels';
import type { UserGroupDto } from '@portal/shared/users/user-group.schema';
import type { UserDto } from '@portal/shared/users/user.schema';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute } from '../../../lib/paths.ts';
import { translatedMessage } from '../../../lib/validation-map.ts';
import { FormError, useFormError } from '../../../ui/form-error.tsx';
import { SideCard } from '../../../ui/side-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { GroupsNotSavedError, useDeleteUser, useSaveUser } from '../api/users.ts';
import { useSignedInUserId } from '../hooks/use-signed-in-user-id.ts';
import { useUsersValidationMessage } from '../hooks/use-validation-message.ts';
import { isEveryoneGroup, sortGroups } from '../utils/group-form.ts';
import {
  isEntraLocked,
  sanitisePin,
  toCreateUserBody,
  toUpdateUserBody,
  toUserFormValues,
  toUserGroupsBody,
  toggleId,
  triggerMenuChoices,
  triggerMenuState,
  typeChoices,
  userDisplayName,
  userFormAccess,
  userValidationSchema,
  type TriggerMenuSettings,
  type UserFormValues,
} from '../utils/user-form.ts';
import type { UserListKind } from '../utils/users-view.ts';
import { ConfirmActionDialog } from '../../../ui/confirm-action-dialog.tsx';

interface UserFormProps {
  mode: 'create' | 'edit';
  kind: UserListKind;
  user?: UserDto;
  accessLevels: readonly AccessLevel[];
  groups: readonly UserGroupDto[];
  triggerMenus: TriggerMenuSettings;
  /** The edit route of this tab, for a created user whose groups still need saving. */
  editRoute: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Add and edit a user (spec 001 §3, §5, §6) in a side card; save stays off until changed and valid. */
export function UserForm({ mode, kind, user, accessLevels, groups, triggerMenus, editRoute, onClose, onSaved }: UserFormProps) {
  const { t } = useTranslation('users');
  const { organization, roles } = useOrganizationContext();
  const orgHref = useOrgHref();
  const navigate = useNavigate();
  const message = useUsersValidationMessage();
  const formError = useFormError();
  const toast = useToast();
  const save = useSaveUser(organization.id, toUserGroupsBody);
  const remove = useDeleteUser(organization.id);
  const [confirming, setConfirming] = useState(false);
  const entra = mode === 'edit' && isEntraLocked(user);
  // Offer only what the server accepts (decision 0009); its refusals still show as the form's error.
  const access = userFormAccess(roles, useSignedInUserId(), mode, user);
  const offeredLevels = accessLevels.filter((level) => access.levels.includes(level.id));
  const levelHint = access.levelLock === 'own' ? t('form.ownAccessLevel') : access.levelLock === 'superadmin' ? t('form.superadminOnly') : undefined;
  // The server's product messages in the user's language, when the users namespace knows them.
  const serverMessage = (text: string | undefined) => (text ? (translatedMessage(t('serverMessages', { returnObjects: true }), text) ?? text) : undefined);
  const choosableGroups = sortGroups(groups).filter((group) => !isEveryoneGroup(group));

  async function submit(values: UserFormValues, helpers: FormikHelpers<UserFormValues>) {
    formError.clear();
    try {
      if (mode === 'create') {
        await save.mutateAsync({ mode, body: toCreateUserBody(values, triggerMenus), groups: values.groups });
      } else {
        await save.mutateAsync({ mode, userId: user!.id, body: toUpdateUserBody(values, user!, triggerMenus), groups: values.groups });
      }
      helpers.resetForm({ values: { ...values, password: '', pin_code: '' } });
      toast.show({ message: t(mode === 'create' ? 'form.created' : 'form.saved'), variation: 'success' });
      onSaved();
    } catch (error) {
      if (error instanceof GroupsNotSavedError) {
        toast.show({ message: t('form.groupsNotSaved'), variation: 'error' });
        void navigate(orgHref(fillRoute(editRoute, { userId: error.userId })), { replace: true });
        return;
      }
      formError.report(error);
    }
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync(user!.id);
      setConfirming(false);
      toast.show({ message: t('form.deleted'), variation: 'success' });
      onClose();
    } catch (error) {
      setConfirming(false);
      formError.report(error);
    }
  }

  const errorOf = (form: FormikProps<UserFormValues>, name: keyof UserFormValues) =>
    form.touched[name] || form.submitCount > 0 ? message(form.errors[name]) : undefined;

  const title = t(mode === 'create' ? 'form.addTitle' : 'form.editTitle');
  return (
    <Formik initialValues={toUserFormValues(kind, user)} validationSchema={userValidationSchema(mode)} onSubmit={submit}>
      {(form) => {
        const menu = triggerMenuState(form.values.type, triggerMenus);
        const text = (name: 'firstname' | 'lastname' | 'email', label: string, extra: object = {}) => (
          <TextField
            label={label}
            name={name}
            value={form.values[name]}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            hasError={Boolean(errorOf(form, name))}
            errorMessage={errorOf(form, name)}
            {...extra}
          />
        );
        return (
          <SideCard title={title} onClose={onClose} frozen={form.dirty} closeOnEscape>
            <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
              {text('firstname', t('form.firstname'), { autoComplete: 'off' })}
              {text('lastname', t('form.lastname'), { autoComplete: 'off' })}
              {text('email', t('form.email'), {
                type: 'email',
                autoComplete: 'off',
                isDisabled: entra,
                descriptiveText: entra ? t('form.entraEmail') : undefined,
              })}
              <SelectField
                label={t('form.type')}
                name="type"
                value={form.values.type}
                isDisabled={typeChoices(kind, user?.type).length === 1}
                onChange={form.handleChange}
              >
                {typeChoices(kind, user?.type).map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('form.accessLevel')}
                name="access_level"
                value={form.values.access_level}
                isDisabled={offeredLevels.length <= 1}
                descriptiveText={levelHint}
                onChange={form.handleChange}
              >
                {offeredLevels.map((level) => (
                  <option key={level.id} value={level.id}>
                    {t(`accessLevels.${level.id}.name`)}
                  </option>
                ))}
              </SelectField>
              <PasswordField
                label={t('form.password')}
                name="password"
                autoComplete="new-password"
                hideShowPassword
                isDisabled={entra}
                descriptiveText={entra ? t('form.entraPassword') : mode === 'edit' ? t('form.passwordKeep') : undefined}
                value={form.values.password}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                hasError={Boolean(errorOf(form, 'password'))}
                errorMessage={errorOf(form, 'password')}
              />
              <TextField
                label={t('form.pin')}
                name="pin_code"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                maxLength={PIN_MAX_DIGITS}
                descriptiveText={mode === 'edit' && user?.has_pin ? t('form.pinKeep') : t('form.pinHint')}
                value={form.values.pin_code}
                onChange={(event) => void form.setFieldValue('pin_code', sanitisePin(event.target.value))}
                onBlur={form.handleBlur}
                hasError={Boolean(errorOf(form, 'pin_code'))}
                errorMessage={errorOf(form, 'pin_code')}
              />
              <fieldset className="form-fieldset">
                <legend>{t('form.groups')}</legend>
                {choosableGroups.length === 0 ? <Text variation="secondary">{t('form.noGroups')}</Text> : null}
                <div className="check-list">
                  {choosableGroups.map((group) => (
                    <CheckboxField
                      key={group.id}
                      label={group.name}
                      name="groups"
                      value={group.id}
                      checked={form.values.groups.includes(group.id)}
                      onChange={(event) => void form.setFieldValue('groups', toggleId(form.values.groups, group.id, event.target.checked))}
                    />
                  ))}
                </div>
              </fieldset>
              {menu === 'hidden' ? null : (
                <SelectField
                  label={t('form.triggerMenu')}
                  name="triggerMenu"
                  value={form.values.triggerMenu}
                  isDisabled={menu === 'disabled'}
                  descriptiveText={menu === 'disabled' ? t('form.triggerMenuDisabled') : t('form.triggerMenuHint')}
                  onChange={form.handleChange}
                >
                  <option value="">{t('form.triggerMenuNone')}</option>
                  {triggerMenuChoices(triggerMenus, form.values.triggerMenu).map((id) => (
                    <option key={id} value={id}>
                      {id}
                    </option>
                  ))}
                </SelectField>
              )}
              <FormError message={serverMessage(formError.message)} />
              <Flex justifyContent="space-between" wrap="wrap">
                <Button
                  type="submit"
                  variation="primary"
                  isDisabled={access.readOnly || !form.dirty || !form.isValid}
                  isLoading={form.isSubmitting}
                  loadingText={t('form.saving')}
                >
                  {t('form.save')}
                </Button>
                {access.canDelete ? (
                  <Button variation="warning" onClick={() => setConfirming(true)}>
                    {t('form.delete')}
                  </Button>
                ) : null}
              </Flex>
              {mode === 'edit' && user ? (
                <ConfirmActionDialog
                  open={confirming}
                  title={t('form.deleteTitle')}
                  message={t('form.deleteQuestion', { name: userDisplayName(user) })}
                  confirmLabel={t('form.delete')}
                  cancelLabel={t('form.cancel')}
                  busy={remove.isPending}
                  onConfirm={() => void confirmDelete()}
                  onCancel={() => setConfirming(false)}
                />
              ) : null}
            </Flex>
          </SideCard>
        );
      }}
    </Formik>
  );
}
