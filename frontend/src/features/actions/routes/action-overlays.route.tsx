import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ActionDto, ActionTemplateDto } from '@portal/shared/actions/action.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { InspectOverlay } from '../../../ui/inspect-overlay.tsx';
import { ConfirmOverlay } from '../../../ui/list-overlays.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useDeleteAction, useSendAction } from '../api/actions.ts';
import { toActionBody, toFormValues } from '../utils/action-form-model.ts';
import { kitLoaders, TemplateDeleteOverlay, TemplateInspectOverlay } from '../../../ui/sending-kit-overlays.tsx';
import { actionsKit } from '../utils/actions-kit.ts';

const { WithItem: WithAction, WithTemplate } = kitLoaders(actionsKit);

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
  const { close, search } = actionsKit.useNav();
  const toast = useToast();
  const open = dto.state === 'open';
  return (
    <ConfirmOverlay
      overlays={actionsKit.overlays}
      title={t(open ? 'confirm.withdrawTitle' : 'confirm.deleteTitle')}
      message={t(open ? 'confirm.withdrawQuestion' : 'confirm.deleteQuestion', { title: dto.content.title.text })}
      label={t(open ? 'confirm.withdraw' : 'confirm.delete')}
      run={async () => {
        await remove.mutateAsync(dto.id);
        toast.show({ message: t(open ? 'confirm.withdrawn' : 'confirm.deleted'), variation: 'success' });
        const selected = actionsKit.selectedOf(search);
        close({ tab: 'sent', selected: selected === dto.id ? undefined : selected });
      }}
    />
  );
}

/** /actions/inspect/{id}: the stored action as JSON (developer mode). */
export function InspectActionRoute() {
  return <InspectOverlay overlays={actionsKit.overlays} With={WithAction} param="actionId" titleKey="inspect.title" />;
}

/** /actions/template/inspect/{id}. */
export const InspectTemplateRoute = () => <TemplateInspectOverlay kit={actionsKit} />;

/** /actions/template/delete/{id}: confirm, then remove. */
export const DeleteTemplateRoute = () => <TemplateDeleteOverlay kit={actionsKit} />;

/**
 * /actions/template/send/{id}: sends the template as it is, after one question (a shop's "Cashier
 * needed at till 3" in two clicks). A template without recipients opens the form instead.
 */
export function SendTemplateNowRoute() {
  const { t } = useTranslation('actions');
  const { templateId = '' } = useParams();
  const { to } = actionsKit.useNav();
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
  const { close } = actionsKit.useNav();
  const toast = useToast();
  return (
    <ConfirmOverlay
      overlays={actionsKit.overlays}
      title={t('confirm.sendNowTitle')}
      message={t('confirm.sendNowQuestion', { title: template.title })}
      label={t('actions.send')}
      destructive={false}
      run={async () => {
        // The template's own time-out is kept: the options passed only decide whether it is still offered.
        const values = toFormValues(template.action, { forward_after_options: [template.action.config.forward_after], forward_after_default: template.action.config.forward_after });
        const sent = await send.mutateAsync({ body: toActionBody(values, { templateId: template.id }) });
        toast.show({ message: t('form.sent'), variation: 'success' });
        close({ tab: 'sent', selected: sent.id });
      }}
    />
  );
}
