import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmOverlay, type ListOverlays } from './list-overlays.tsx';
import type { WithItemProps } from './overlay-query.tsx';
import { selectedOf } from './query-tabs.ts';
import { useToast } from './toasts.tsx';
import { useListNav } from './use-list-nav.ts';

interface Template {
  id: string;
  title: string;
}

interface DeleteTemplateOverlayProps<T extends Template> {
  overlays: ListOverlays;
  /** The module's loader of a template. */
  With: ComponentType<WithItemProps<T>>;
  /** DELETE of the module's template (the kit's template mechanism, lib/template-api.ts). */
  remove: (templateId: string) => Promise<unknown>;
}

/** …/template/delete/{id}: confirm, then remove; the templates tab shows, without the deleted one. */
export function DeleteTemplateOverlay<T extends Template>({ overlays, With, remove }: DeleteTemplateOverlayProps<T>) {
  const { t } = useTranslation(overlays.namespace);
  const { templateId = '' } = useParams();
  return <With id={templateId} title={t('confirm.deleteTemplateTitle')}>{(template) => <ConfirmTemplateDelete overlays={overlays} template={template} remove={remove} />}</With>;
}

function ConfirmTemplateDelete({ overlays, template, remove }: { overlays: ListOverlays; template: Template; remove: (templateId: string) => Promise<unknown> }) {
  const { t } = useTranslation(overlays.namespace);
  const { close, search } = useListNav(overlays.listRoute);
  const toast = useToast();
  return (
    <ConfirmOverlay
      overlays={overlays}
      title={t('confirm.deleteTemplateTitle')}
      message={t('confirm.deleteTemplateQuestion', { title: template.title })}
      label={t('confirm.delete')}
      run={async () => {
        await remove(template.id);
        toast.show({ message: t('confirm.templateDeleted'), variation: 'success' });
        const selected = selectedOf(search);
        close({ tab: 'templates', selected: selected === template.id ? undefined : selected });
      }}
    />
  );
}
