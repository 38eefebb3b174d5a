import { CheckboxField, Flex, PasswordField, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PIN_MAX_DIGITS } from '@portal/shared/constants';
import type { AccessLevel } from '@portal/shared/users/access-levels';
import type { UserGroupDto } from '@portal/shared/users/user-group.schema';
import type { UserDto } from '@portal/shared/users/user.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { useTriggerGroupOptions } from '../../../lib/organization-data/trigger-groups.ts';
import { fillRoute } from '../../../lib/paths.ts';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps, shownOnceChanged } from '../../../ui/formik-field.ts';
import { SideCard } from '../../../ui/side-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { GroupsNotSavedError, useDeleteUser, useSaveUser } from '../api/users.ts';
import { useSignedInUserId } from '../hooks/use-signed-in-user-id.ts';
import { isEveryoneGroup, sortGroups } from '../utils/group-form-model.ts';
import {
  isEntraLocked,
  isTriggerMenuRequiredIn,
  sanitisePin,
  toCreateUserBody,
  toUpdateUserBody,
  toUserFormValues,
  toggleId,
  triggerMenuChoices,
  triggerMenuState,
  typeChoices,
  userDisplayName,
  userFormAccess,
  userValidationSchema,
  type TriggerMenuSettings,
  type UserFormValues,
} from '../utils/user-form-model.ts';
import type { UserListKind } from '../utils/users-view.ts';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';
import '@aws-amplify/ui-react/styles/passwordField.css';

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
  const message = useValidationMessage('users');
  const { run, error, report, clear } = useFormAction();
  const toast = useToast();
  const saveUser = useSaveUser(organization.id);
  const remove = useDeleteUser(organization.id);
  const entra = mode === 'edit' && isEntraLocked(user);
  // Offer only what the server accepts (decision 0009); its refusals still show as the form's error.
  const access = userFormAccess(roles, useSignedInUserId(), mode, user);
  const offeredLevels = accessLevels.filter((level) => access.levels.includes(level.id));
  const levelHint = access.levelLock === 'own' ? t('form.ownAccessLevel') : access.levelLock === 'superadmin' ? t('form.superadminOnly') : undefined;
  const choosableGroups = sortGroups(groups).filter((group) => !isEveryoneGroup(group));
  // Trigger menus by name (automation's trigger groups); an id not among them is shown as it is.
  const triggerGroups = useTriggerGroupOptions(organization.id);
  const triggerGroupName = (id: string) => triggerGroups.find((group) => group.id === id)?.name ?? id;

  async function submit(values: UserFormValues, helpers: FormikHelpers<UserFormValues>) {
    clear();
    try {
      await saveUser.mutateAsync(
        mode === 'create'
          ? { mode, body: toCreateUserBody(values, triggerMenus), groups: values.groups }
          : { mode, userId: user!.id, body: toUpdateUserBody(values, user!, triggerMenus), groups: values.groups },
      );
    } catch (failure) {
      if (!(failure instanceof GroupsNotSavedError)) return report(failure);
      // Created, but not in its groups: the card moves to the user's edit route to save them.
      toast.show({ message: t('form.groupsNotSaved'), variation: 'error' });
      return void navigate(orgHref(fillRoute(editRoute, { userId: failure.userId })), { replace: true });
    }
    helpers.resetForm({ values: { ...values, password: '', pin_code: '' } });
    toast.show({ message: t(mode === 'create' ? 'form.created' : 'form.saved'), variation: 'success' });
    onSaved();
  }

  async function confirmDelete(id: string) {
    if (await run(() => remove.mutateAsync(id), t('form.deleted'))) onClose();
  }

  const title = t(mode === 'create' ? 'form.addTitle' : 'form.editTitle');
  return (
    <Formik initialValues={toUserFormValues(kind, user)} validationSchema={userValidationSchema(mode, triggerMenus)} onSubmit={submit}>
      {(form) => {
        const menu = triggerMenuState(form.values.type, triggerMenus);
        const menuRequired = menu === 'enabled' && isTriggerMenuRequiredIn(form.values.type, triggerMenus);
        // Save stays off without a menu, so say why as soon as the form was changed.
        const menuError = message(shownOnceChanged(form, 'triggerMenu'));
        const text = (name: 'firstname' | 'lastname' | 'email', label: string, extra: object = {}) => (
          <TextField label={label} {...fieldProps(form, name, message)} {...extra} />
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
                autoComplete="new-password"
                hideShowPassword
                isDisabled={entra}
                descriptiveText={entra ? t('form.entraPassword') : mode === 'edit' ? t('form.passwordKeep') : undefined}
                {...fieldProps(form, 'password', message)}
              />
              <TextField
                label={t('form.pin')}
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                maxLength={PIN_MAX_DIGITS}
                descriptiveText={mode === 'edit' && user?.has_pin ? t('form.pinKeep') : t('form.pinHint')}
                {...fieldProps(form, 'pin_code', message)}
                onChange={(event) => void form.setFieldValue('pin_code', sanitisePin(event.target.value))}
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
                  isRequired={menuRequired}
                  descriptiveText={menu === 'disabled' ? t('form.triggerMenuDisabled') : t('form.triggerMenuHint')}
                  hasError={Boolean(menuError)}
                  errorMessage={menuError}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                >
                  {/* Spec 001 §5: one selection required while menus are on, so no "None" then. */}
                  {menuRequired ? (
                    form.values.triggerMenu ? null : (
                      <option value="" disabled>
                        {t('form.triggerMenuChoose')}
                      </option>
                    )
                  ) : (
                    <option value="">{t('form.triggerMenuNone')}</option>
                  )}
                  {triggerMenuChoices(triggerMenus, form.values.triggerMenu).map((id) => (
                    <option key={id} value={id}>
                      {triggerGroupName(id)}
                    </option>
                  ))}
                </SelectField>
              )}
              <FormError message={error} />
              <FormFooter
                submitLabel={t('form.save')}
                busyLabel={t('form.saving')}
                disabled={access.readOnly || !form.dirty || !form.isValid}
                busy={form.isSubmitting}
                remove={
                  access.canDelete && user
                    ? { label: t('form.delete'), title: t('form.deleteTitle'), question: t('form.deleteQuestion', { name: userDisplayName(user) }), cancelLabel: t('form.cancel'), onConfirm: () => confirmDelete(user.id) }
                    : null
                }
              />
            </Flex>
          </SideCard>
        );
      }}
    </Formik>
  );
}
