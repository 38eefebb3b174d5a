import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../lib/organization-context.tsx';
import { ButtonLink } from './button-link.tsx';
import { DetailsQuery, ItemDetails } from './item-details.tsx';
import type { SendingKit, SendingTemplate } from './sending-kit.ts';
import { TemplateSearchList, templateSearchTexts } from './template-search-list.tsx';

/**
 * The sending kit's template panes (issue 29), loaded on the templates tab's first use: the list
 * and a template's details with send, edit, copy, delete (and inspect in developer mode).
 */

/** Templates: the kit's template search (term, 1000 ms debounce, token paging), sorted by creation. */
export function TemplateList({ kit, selected }: { kit: SendingKit; selected: string | undefined }) {
  const { t } = useTranslation(kit.namespace);
  const { organization } = useOrganizationContext();
  const { to, search } = kit.useNav();
  const Icon = kit.icon;
  return (
    <TemplateSearchList
      queryOptions={(term, isAscending) => kit.templates.searchQueryOptions(organization.id, term, isAscending)}
      texts={templateSearchTexts(t)}
      selected={selected}
      rowTo={(template) => to(kit.listRoute, {}, kit.withTab(search, 'templates', template.id))}
      icon={<Icon />}
      emptyAction={<ButtonLink to={to(kit.templatePaths.create)}>{t('list.emptyTemplatesAction')}</ButtonLink>}
    />
  );
}

interface TemplateDetailsProps<Template extends SendingTemplate> {
  kit: SendingKit<string, any, Template>;
  templateId: string;
  /** The text when the template is gone ('details.templateNotFound'). */
  notFoundKey: string;
  /** What the module shows of the item the template sends (recipients, its own rules). */
  children: (template: Template) => ReactNode;
}

/** A template's content, its links, then the module's facts of it. */
export function TemplateDetails<Template extends SendingTemplate>({ kit, templateId, notFoundKey, children }: TemplateDetailsProps<Template>) {
  const { t } = useTranslation(kit.namespace);
  const { organization } = useOrganizationContext();
  const { to } = kit.useNav();
  const template = useQuery(kit.templates.itemQueryOptions(organization.id, templateId));
  const paths = kit.templatePaths;
  const params = { templateId };
  return (
    <DetailsQuery query={template} loadingLabel={t('list.loading')} notFound={t(notFoundKey)}>
      {(found) => {
        const { content } = kit.templateItem(found);
        return (
          <ItemDetails
            id={`template-${templateId}`}
            title={content.title.text || found.title}
            message={content.body.text}
            linksLabel={t('details.templateActionsLabel')}
            links={[
              { to: to(paths.send, params), label: t('actions.send') },
              ...(paths.sendNow ? [{ to: to(paths.sendNow, params), label: t('actions.sendNow') }] : []),
              { to: to(paths.edit, params), label: t('actions.edit') },
              { to: to(paths.copy, params), label: t('actions.copy') },
              { to: to(paths.delete, params), label: t('actions.delete') },
              { to: to(paths.inspect, params), label: t('actions.inspect'), developer: true },
            ]}
          >
            {children(found)}
          </ItemDetails>
        );
      }}
    </DetailsQuery>
  );
}
