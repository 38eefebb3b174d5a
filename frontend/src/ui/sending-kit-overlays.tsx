import type { ComponentType, ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../lib/organization-context.tsx';
import { isRecurringChild, isRecurringRoot, type SeriesMeta } from '../lib/series-select.ts';
import { InspectOverlay } from './inspect-overlay.tsx';
import { OverlayQuery, useOverlayList, type WithItemProps } from './overlay-query.tsx';
import type { SendingKit, SendingTemplate } from './sending-kit.ts';
import type { Series } from './series-overlays.tsx';
import { DeleteTemplateOverlay } from './template-delete-overlay.tsx';

/**
 * The sending kit's overlay routes (issue 29), loaded with a module's overlays, never with its list
 * page: the loaders of an item and a template, template inspect and delete, and the series' edit cards.
 */

export interface KitLoaders<Item, Template> {
  /** The item of the route; `root` loads the series root of that (child) id instead. */
  WithItem: ComponentType<WithItemProps<Item> & { root?: boolean }>;
  WithTemplate: ComponentType<WithItemProps<Template>>;
}

const loaders = new WeakMap<SendingKit, KitLoaders<any, any>>();

/** A kit's loaders, made once per kit (a component made again would mount afresh). */
export function kitLoaders<Item, Template extends SendingTemplate>(kit: SendingKit<string, Item, Template>): KitLoaders<Item, Template> {
  const made = loaders.get(kit);
  if (made) return made as KitLoaders<Item, Template>;
  function WithItem({ id, root = false, ...rest }: WithItemProps<Item> & { root?: boolean }) {
    const { orgId, ...list } = useOverlayList(kit.overlays);
    const options = root && kit.rootQuery ? kit.rootQuery(orgId, id) : kit.itemQuery(orgId, id);
    return <OverlayQuery options={options} {...list} {...rest} />;
  }
  function WithTemplate({ id, ...rest }: WithItemProps<Template>) {
    const { orgId, ...list } = useOverlayList(kit.overlays);
    return <OverlayQuery options={kit.templates.itemQueryOptions(orgId, id)} {...list} {...rest} />;
  }
  const made2 = { WithItem, WithTemplate };
  loaders.set(kit, made2);
  return made2;
}

/** A module's series overlays (select, delete), named once from its kit. */
export function seriesOf<Item extends SeriesMeta>(kit: SendingKit<string, Item>): Series<Item> {
  if (!kit.series || !kit.rootQuery) throw new Error(`${kit.namespace}: no series in its kit`);
  return {
    overlays: kit.overlays,
    With: kitLoaders(kit).WithItem,
    param: kit.param,
    headline: kit.series.headline,
    editRoute: kit.series.edit,
    editRecurringRoute: kit.series.editRecurring,
    rootQuery: kit.rootQuery,
  };
}

/** …/template/inspect/{id}: the stored template as JSON (developer mode). */
export function TemplateInspectOverlay({ kit }: { kit: SendingKit }) {
  return <InspectOverlay overlays={kit.overlays} With={kitLoaders(kit).WithTemplate} param="templateId" titleKey="inspect.templateTitle" />;
}

/** …/template/delete/{id}: confirm, then remove. */
export function TemplateDeleteOverlay({ kit }: { kit: SendingKit }) {
  const { organization } = useOrganizationContext();
  const remove = kit.templates.useDelete(organization.id);
  return <DeleteTemplateOverlay overlays={kit.overlays} With={kitLoaders(kit).WithTemplate} remove={remove.mutateAsync} />;
}

interface SeriesEditProps<Item> {
  kit: SendingKit<string, Item>;
  /** The series form of a root (all occurrences). */
  form: (root: Item) => ReactNode;
}

/** …/edit-recurring/{rootId}: a child's id goes on to edit-recurring-remote, an item of no series to edit. */
export function EditRecurringOverlay<Item extends SeriesMeta>({ kit, form }: SeriesEditProps<Item>) {
  const { t } = useTranslation(kit.namespace);
  const { [kit.param]: id = '' } = useParams();
  const { to } = kit.useNav();
  const { WithItem } = kitLoaders(kit);
  const series = kit.series;
  return (
    <WithItem id={id} title={t('form.editRecurringTitle')}>
      {(dto) => {
        if (series && isRecurringChild(dto)) return <Navigate to={to(series.editRecurringRemote, { [kit.param]: dto.id })} replace />;
        if (series && !isRecurringRoot(dto)) return <Navigate to={to(series.edit, { [kit.param]: dto.id })} replace />;
        return form(dto);
      }}
    </WithItem>
  );
}

/** …/edit-recurring-remote/{childId}: fetches the child's root, then edits it. */
export function EditRecurringRemoteOverlay<Item extends SeriesMeta>({ kit, form }: SeriesEditProps<Item>) {
  const { t } = useTranslation(kit.namespace);
  const { [kit.param]: id = '' } = useParams();
  const { WithItem } = kitLoaders(kit);
  return (
    <WithItem id={id} root title={t('form.editRecurringTitle')}>
      {(root) => form(root)}
    </WithItem>
  );
}
