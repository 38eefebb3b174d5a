import type { ComponentType } from 'react';
import { useQueryClient, type FetchQueryOptions } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../lib/organization-context.tsx';
import { isRecurringChild, isRecurringRoot, selectDecision, type SeriesMeta } from '../lib/series-select.ts';
import { ConfirmChoices } from './confirm-once.tsx';
import { useOverlayQuestion, type ListOverlays } from './list-overlays.tsx';
import type { WithItemProps } from './overlay-query.tsx';
import { selectedOf } from './query-tabs.ts';
import { useToast } from './toasts.tsx';
import { useListNav } from './use-list-nav.ts';

/**
 * The select and delete overlays of a module with series (notifications, tasks; spec 000 §2, §4):
 * a series' child asks 'Just this one' or 'All Occurrences' first.
 */

type Scope = 'one' | 'all';

/** A module's series overlays, named once (tasks, notifications). */
export interface Series<T extends SeriesMeta> {
  overlays: ListOverlays;
  /** The module's loader of the item. */
  With: ComponentType<WithItemProps<T>>;
  /** The route's id parameter ('taskId'), also that of the edit routes. */
  param: string;
  /** The item's name in a question. */
  headline: (dto: T) => string;
  editRoute: string;
  editRecurringRoute: string;
  /** The series root of a child (fetched when 'All Occurrences' is chosen). */
  rootQuery: (orgId: string, id: string) => FetchQueryOptions<T, Error, T, any>;
}

/** …/select/{id}: decides which edit applies; a series' child asks first. */
export function SelectEditOverlay<T extends SeriesMeta>({ series }: { series: Series<T> }) {
  const { overlays, With, param } = series;
  const { t } = useTranslation(overlays.namespace);
  const { [param]: id = '' } = useParams();
  const { to } = useListNav(overlays.listRoute);
  return (
    <With id={id} title={t('form.editTitle')}>
      {(dto) => {
        const decision = selectDecision(dto);
        if (decision.kind === 'edit') return <Navigate to={to(series.editRoute, { [param]: dto.id })} replace />;
        if (decision.kind === 'edit-recurring') return <Navigate to={to(series.editRecurringRoute, { [param]: dto.id })} replace />;
        return <AskWhichToEdit series={series} dto={dto} />;
      }}
    </With>
  );
}

function AskWhichToEdit<T extends SeriesMeta>({ series, dto }: { series: Series<T>; dto: T }) {
  const { overlays, param, headline, editRoute, editRecurringRoute, rootQuery } = series;
  const { t } = useTranslation(overlays.namespace);
  const { organization } = useOrganizationContext();
  const client = useQueryClient();
  const { go } = useListNav(overlays.listRoute);

  async function choose(scope: Scope) {
    if (scope === 'one') return go(editRoute, { [param]: dto.id }, { replace: true });
    // 'All Occurrences' fetches the recurring root and edits it.
    const root = await client.fetchQuery(rootQuery(organization.id, dto.id));
    go(editRecurringRoute, { [param]: root.id }, { replace: true });
  }

  return (
    <ConfirmChoices
      title={t('confirm.editChildTitle')}
      message={t('confirm.editChildQuestion', { title: headline(dto) })}
      choices={[
        { value: 'one', label: t('confirm.justThisOne') },
        { value: 'all', label: t('confirm.allOccurrences') },
      ]}
      run={choose}
      {...useOverlayQuestion(overlays)}
    />
  );
}

interface SeriesDeleteOverlayProps<T extends SeriesMeta> {
  series: Series<T>;
  remove: (id: string, scope: Scope) => Promise<unknown>;
  /** The module's tab of the query, shown after the delete. */
  tabOf: (search: string) => string;
}

/** …/delete/{id}: confirm; a series' child asks 'Just this one' or 'All Occurrences'. */
export function SeriesDeleteOverlay<T extends SeriesMeta>({ series, ...rest }: SeriesDeleteOverlayProps<T>) {
  const { overlays, With, param } = series;
  const { t } = useTranslation(overlays.namespace);
  const { [param]: id = '' } = useParams();
  return (
    <With id={id} title={t('confirm.deleteTitle')}>
      {(dto) => <ConfirmDelete series={series} dto={dto} {...rest} />}
    </With>
  );
}

function ConfirmDelete<T extends SeriesMeta>({ series, dto, remove, tabOf }: SeriesDeleteOverlayProps<T> & { dto: T }) {
  const { overlays, headline } = series;
  const { t } = useTranslation(overlays.namespace);
  const { close, search } = useListNav(overlays.listRoute);
  const toast = useToast();
  const child = isRecurringChild(dto);
  const title = headline(dto);

  async function choose(scope: Scope) {
    await remove(dto.id, scope);
    toast.show({ message: t('confirm.deleted'), variation: 'success' });
    // The deleted item (or its series) leaves the details pane.
    const selected = selectedOf(search);
    close({ tab: tabOf(search), selected: selected === dto.id || scope === 'all' ? undefined : selected });
  }

  const choices = child
    ? [
        { value: 'one' as const, label: t('confirm.justThisOne'), variation: 'destructive' as const },
        { value: 'all' as const, label: t('confirm.allOccurrences'), variation: 'destructive' as const },
      ]
    : // A root: its series ends; what was already sent stays.
      [{ value: 'one' as const, label: t('confirm.delete'), variation: 'destructive' as const }];
  const message = child ? t('confirm.deleteChildQuestion', { title }) : t(isRecurringRoot(dto) ? 'confirm.deleteSeriesQuestion' : 'confirm.deleteQuestion', { title });
  return (
    <ConfirmChoices
      title={t(child ? 'confirm.deleteChildTitle' : 'confirm.deleteTitle')}
      message={message}
      choices={choices}
      run={choose}
      {...useOverlayQuestion(overlays)}
    />
  );
}
