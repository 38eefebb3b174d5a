import type { ReactNode } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TabletTemplateDto } from '@portal/shared/devices/tablet-template.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { SideCard, useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { tabletTemplateQueryOptions, useDeleteTabletTemplate } from '../api/tablet-templates.ts';
import { TemplateForm } from '../components/template-form.tsx';

/** Closes a template overlay back to /settings/tablet, keeping the query. */
const useCloseToTablet = () => useCloseOverlay(orgPaths.settingsTablet);

export function TemplateCreateRoute() {
  const close = useCloseToTablet();
  const closeSoon = useCloseAfterSubmit(close);
  return <TemplateForm onClose={close} onSaved={closeSoon} />;
}

/** Loads the template of the route; an unknown id goes back to the list. */
function WithTemplate({ title, children }: { title: string; children: (template: TabletTemplateDto, close: () => void) => ReactNode }) {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const { templateId = '' } = useParams();
  const close = useCloseToTablet();
  const template = useQuery(tabletTemplateQueryOptions(organization.id, templateId));
  return (
    <OverlayItem query={template} listRoute={orgPaths.settingsTablet} title={title} onClose={close} loadingLabel={t('tablet.templates.loading')}>
      {(found) => children(found, close)}
    </OverlayItem>
  );
}

export function TemplateEditRoute() {
  const { t } = useTranslation('settings');
  const close = useCloseToTablet();
  const closeSoon = useCloseAfterSubmit(close);
  return (
    <WithTemplate title={t('tablet.templates.editTitle')}>
      {(template) => <TemplateForm key={template.id} template={template} onClose={close} onSaved={closeSoon} />}
    </WithTemplate>
  );
}

/** /settings/tablet/templates/{id}/inspect: the stored template as pretty-printed JSON. */
export function TemplateInspectRoute() {
  const { t } = useTranslation('settings');
  return (
    <WithTemplate title={t('tablet.templates.inspectTitle')}>
      {(template, close) => (
        <SideCard title={t('tablet.templates.inspectTitle')} onClose={close} closeOnEscape>
          <pre className="json-view" aria-label={t('tablet.templates.inspectOf', { name: template.name })}>
            {JSON.stringify(template, null, 2)}
          </pre>
        </SideCard>
      )}
    </WithTemplate>
  );
}

/** /settings/tablet/templates/{id}/delete: confirm; a failed delete shows an error toast (spec 001 §8). */
export function TemplateDeleteRoute() {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const remove = useDeleteTabletTemplate(organization.id);
  const toast = useToast();

  return (
    <WithTemplate title={t('tablet.templates.deleteTitle')}>
      {(template, close) => {
        async function confirm() {
          try {
            await remove.mutateAsync(template.id);
            toast.show({ message: t('tablet.templates.deleted'), variation: 'success' });
            close();
          } catch {
            toast.show({ message: t('tablet.templates.deleteFailed'), variation: 'error' });
          }
        }
        return (
          <SideCard title={t('tablet.templates.deleteTitle')} onClose={close} closeOnEscape>
            <Flex direction="column" gap="medium">
              <Text>{t('tablet.templates.deleteQuestion', { name: template.name })}</Text>
              <Text variation="secondary">{t('tablet.templates.deleteNote')}</Text>
              <Flex gap="small">
                <Button variation="destructive" onClick={() => void confirm()} isLoading={remove.isPending}>
                  {t('tablet.templates.delete')}
                </Button>
                <Button onClick={close}>{t('tablet.templates.cancel')}</Button>
              </Flex>
            </Flex>
          </SideCard>
        );
      }}
    </WithTemplate>
  );
}
