import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ActionSettings } from '@portal/shared/actions/action.schema';
import { ActionForm } from '../components/action-form.tsx';
import { emptyActionValues, toFormValues, type ActionFormMode, type ActionFormValues } from '../utils/action-form-model.ts';
import { actionSettingsQueryOptions } from '../api/actions.ts';
import { OverlayQuery, useOverlayList, type WithItemProps } from '../../../ui/overlay-query.tsx';
import { kitLoaders } from '../../../ui/sending-kit-overlays.tsx';
import { actionsKit } from '../utils/actions-kit.ts';

const { WithItem: WithAction, WithTemplate } = kitLoaders(actionsKit);

/** The form's time-out options (GET settings/actions) before it opens. */
function WithSettings(props: Omit<WithItemProps<ActionSettings>, 'id'>) {
  const { orgId, ...list } = useOverlayList(actionsKit.overlays);
  return <OverlayQuery options={actionSettingsQueryOptions(orgId)} {...list} {...props} />;
}

interface CardProps {
  mode: ActionFormMode;
  title: string;
  initial: (settings: ActionSettings) => ActionFormValues;
  targetId?: string;
  templateId?: string;
}

/** The form in its card, once the organisation's time-out options are known. */
function FormCard({ mode, title, initial, targetId, templateId }: CardProps) {
  const card = actionsKit.useFormCard();
  return (
    <WithSettings title={title}>
      {(settings) => (
        <ActionForm
          mode={mode}
          cardTitle={title}
          initialValues={initial(settings)}
          forwardAfterOptions={settings.forward_after_options}
          targetId={targetId}
          templateId={templateId}
          {...card}
        />
      )}
    </WithSettings>
  );
}

const empty = (settings: ActionSettings) => emptyActionValues(settings.forward_after_default);

/** /actions/create. */
export function CreateActionRoute() {
  const { t } = useTranslation('actions');
  return <FormCard mode="create" title={t('form.createTitle')} initial={empty} />;
}

/** /actions/copy/{id}: a new action with its content, recipient groups and settings. */
export function CopyActionRoute() {
  const { t } = useTranslation('actions');
  const { actionId = '' } = useParams();
  return (
    <WithAction id={actionId} title={t('form.copyTitle')}>
      {(dto) => <FormCard key={dto.id} mode="create" title={t('form.copyTitle')} initial={(settings) => toFormValues(dto, settings)} />}
    </WithAction>
  );
}

/** /actions/send/{templateId}: a new action from a template, in the form. */
export function SendFromTemplateRoute() {
  const { t } = useTranslation('actions');
  const { templateId = '' } = useParams();
  return (
    <WithTemplate id={templateId} title={t('form.sendTitle')}>
      {(template) => (
        <FormCard key={template.id} mode="create" title={t('form.sendTitle')} initial={(settings) => toFormValues(template.action, settings)} templateId={template.id} />
      )}
    </WithTemplate>
  );
}

/** /actions/template/create (the templates tab's add button). */
export function CreateTemplateRoute() {
  const { t } = useTranslation('actions');
  return <FormCard mode="template" title={t('form.templateCreateTitle')} initial={empty} />;
}

/** /actions/template/copy/{id}: a new template with its action. */
export function CopyTemplateRoute() {
  const { t } = useTranslation('actions');
  const { templateId = '' } = useParams();
  return (
    <WithTemplate id={templateId} title={t('form.templateCopyTitle')}>
      {(template) => <FormCard key={template.id} mode="template" title={t('form.templateCopyTitle')} initial={(settings) => toFormValues(template.action, settings)} />}
    </WithTemplate>
  );
}

/** /actions/template/edit/{id}. */
export function EditTemplateRoute() {
  const { t } = useTranslation('actions');
  const { templateId = '' } = useParams();
  return (
    <WithTemplate id={templateId} title={t('form.templateEditTitle')}>
      {(template) => (
        <FormCard key={template.id} mode="template" title={t('form.templateEditTitle')} initial={(settings) => toFormValues(template.action, settings)} targetId={template.id} />
      )}
    </WithTemplate>
  );
}
