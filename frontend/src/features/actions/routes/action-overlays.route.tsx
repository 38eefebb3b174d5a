import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ActionDto, ActionTemplateDto } from '@portal/shared/actions/action.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ConfirmOnce } from '../../../ui/confirm-once.tsx';
import { InspectCard } from '../../../ui/inspect-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useDeleteAction, useSendAction } from '../api/actions.ts';
import { useDeleteTemplate } from '../api/templates.ts';
import { WithAction, WithTemplate } from '../components/with-item.tsx';
import { useActionsNav } from '../hooks/use-actions-nav.ts';
import { toActionBody, toFormValues } from '../utils/action-form-model.ts';
import { selectedOf } from '../utils/action-tabs.ts';

/** A question with one answer, carried out by `run`; a failure is reported (spec 000 §8) and the question stays. */
function Confirm({ title, message, label, destructive = true, run }: { title: string; message: string; label: string; destructive?: boolean; run: () => Promise<void> }) {
  const { t } = useTranslation('actions');
  const { close } = useActionsNav();
  return (
    <ConfirmOnce
      title={title}
      message={message}
      label={label}
      variation={destructive ? 'destructive' : 'primary'}
      cancelLabel={t('actions.cancel')}
      failedLabel={t('confirm.failed')}
      run={run}
      onCancel={() => close()}
    />
  );
}

/** /actions/delete/{id}: an open action is withdrawn from the watches; a closed one leaves the list. */
export function DeleteActionRoute() {
  const { t } = useTranslation('actions');
  const { actionId = '' } = useParams();
  return (
    <WithAction id={actionId} title={t('confirm.deleteTitle')}>
      {(dto) => <ConfirmDelete dto={dto} />}
    </WithAction>
  );
}

function ConfirmDelete({ dto }: { dto: ActionDto }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const remove = useDeleteAction(organization.id);
  const { close } = useActionsNav();
  const { search } = useLocation();
  const toast = useToast();
  const open = dto.state === 'open';
  return (
    <Confirm
      title={t(open ? 'confirm.withdrawTitle' : 'confirm.deleteTitle')}
      message={t(open ? 'confirm.withdrawQuestion' : 'confirm.deleteQuestion', { title: dto.content.title.text })}
      label={t(open ? 'confirm.withdraw' : 'confirm.delete')}
      run={async () => {
        await remove.mutateAsync(dto.id);
        toast.show({ message: t(open ? 'confirm.withdrawn' : 'confirm.deleted'), variation: 'success' });
        const selected = selectedOf(search);
        close({ tab: 'sent', selected: selected === dto.id ? undefined : selected });
      }}
    />
  );
}

/** /actions/inspect/{id}: the stored action as JSON (developer mode). */
export function InspectActionRoute() {
  const { t } = useTranslation('actions');
  const { actionId = '' } = useParams();
  const { close } = useActionsNav();
  return (
    <WithAction id={actionId} title={t('inspect.title')}>
      {(dto) => <InspectCard title={t('inspect.title')} value={dto} onClose={() => close()} />}
    </WithAction>
  );
}

/** /actions/template/inspect/{id}. */
export function InspectTemplateRoute() {
  const { t } = useTranslation('actions');
  const { templateId = '' } = useParams();
  const { close } = useActionsNav();
  return (
    <WithTemplate id={templateId} title={t('inspect.templateTitle')}>
      {(template) => <InspectCard title={t('inspect.templateTitle')} value={template} onClose={() => close()} />}
    </WithTemplate>
  );
}

/** /actions/template/delete/{id}: confirm, then remove. */
export function DeleteTemplateRoute() {
  const { t } = useTranslation('actions');
  const { templateId = '' } = useParams();
  return (
    <WithTemplate id={templateId} title={t('confirm.deleteTemplateTitle')}>
      {(template) => <ConfirmTemplateDelete template={template} />}
    </WithTemplate>
  );
}

function ConfirmTemplateDelete({ template }: { template: ActionTemplateDto }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const remove = useDeleteTemplate(organization.id);
  const { close } = useActionsNav();
  const { search } = useLocation();
  const toast = useToast();
  return (
    <Confirm
      title={t('confirm.deleteTemplateTitle')}
      message={t('confirm.deleteTemplateQuestion', { title: template.title })}
      label={t('confirm.delete')}
      run={async () => {
        await remove.mutateAsync(template.id);
        toast.show({ message: t('confirm.templateDeleted'), variation: 'success' });
        const selected = selectedOf(search);
        close({ tab: 'templates', selected: selected === template.id ? undefined : selected });
      }}
    />
  );
}

/**
 * /actions/template/send/{id}: sends the template as it is, after one question (a shop's "Cashier
 * needed at till 3" in two clicks). A template without recipients opens the form instead.
 */
export function SendTemplateNowRoute() {
  const { t } = useTranslation('actions');
  const { templateId = '' } = useParams();
  const { to } = useActionsNav();
  return (
    <WithTemplate id={templateId} title={t('confirm.sendNowTitle')}>
      {(template) =>
        template.action.recipient_groups.some((group) => group.recipients.length > 0) ? (
          <ConfirmSendNow template={template} />
        ) : (
          <Navigate to={to(orgPaths.actionSend, { templateId: template.id })} replace />
        )
      }
    </WithTemplate>
  );
}

function ConfirmSendNow({ template }: { template: ActionTemplateDto }) {
  const { t } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const send = useSendAction(organization.id);
  const { close } = useActionsNav();
  const toast = useToast();
  return (
    <Confirm
      title={t('confirm.sendNowTitle')}
      message={t('confirm.sendNowQuestion', { title: template.title })}
      label={t('actions.send')}
      destructive={false}
      run={async () => {
        // The template's own time-out is kept: the options passed only decide whether it is still offered.
        const values = toFormValues(template.action, { forward_after_options: [template.action.config.forward_after], forward_after_default: template.action.config.forward_after });
        const sent = await send.mutateAsync(toActionBody(values, { templateId: template.id }));
        toast.show({ message: t('form.sent'), variation: 'success' });
        close({ tab: 'sent', selected: sent.id });
      }}
    />
  );
}
