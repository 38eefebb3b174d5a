import type { ComponentType } from 'react';
import type { FetchQueryOptions, UseQueryOptions } from '@tanstack/react-query';
import type { ModuleName } from '@portal/shared/api/route-table';
import type { templateApi } from '../lib/template-api.ts';
import type { ListOverlays } from './list-overlays.tsx';
import { selectedOf, tabIn, withTab } from './query-tabs.ts';
import { useFormCard } from './use-form-card.ts';
import { useListNav } from './use-list-nav.ts';

/**
 * The sending-item kit (issue 29): notifications, actions and tasks are instances of it. A feature
 * declares ONE instance (`features/<module>/utils/<module>-kit.ts`): its list page, texts, tabs, item
 * and template queries and template routes; the kit gives the navigation, the form card's close,
 * the tabs in the query and the overlays' loader settings. Its components live apart, so that a
 * list page's first load brings only this file: `sending-kit-overlays.tsx` (the overlay routes'
 * loaders, template inspect and delete, the series edit cards) and `sending-kit-panes.tsx` (the
 * template list and details panes, loaded on first use).
 */

/** The content every sending item has: a title and a message. */
export interface SendingContent {
  content: { title: { text: string }; body: { text: string } };
}

/** A template of a sending module: its name and the item it sends. */
export interface SendingTemplate {
  id: string;
  title: string;
}

type Options<T> = UseQueryOptions<T, Error, T, any> & FetchQueryOptions<T, Error, T, any>;

/** The kit's template calls (`templateApi` of `lib/template-api.ts`) that the kit's panes and overlays use. */
export type SendingTemplates<Template extends SendingTemplate> = Pick<ReturnType<typeof templateApi<ModuleName, Template, never>>, 'searchQueryOptions' | 'itemQueryOptions' | 'useDelete'>;

/** A module's template routes (orgPaths): the templates tab's add button and a template's links. */
export interface TemplatePaths {
  create: string;
  send: string;
  /** Actions: send as it is after one question. */
  sendNow?: string;
  edit: string;
  copy: string;
  delete: string;
  inspect: string;
}

/** The module's series routes (notifications, tasks): select, edit and delete ask about a child first. */
export interface SeriesPaths<Item> {
  /** The item's name in a question. */
  headline(item: Item): string;
  edit: string;
  editRecurring: string;
  editRecurringRemote: string;
}

export interface SendingKitConfig<Tab extends string, Item, Template extends SendingTemplate> {
  /** The list page (orgPaths.notifications); overlays close to it. */
  listRoute: string;
  /** The i18n namespace of the module's texts. */
  namespace: string;
  /** The overlays' loader's accessible name ('list.loading'). */
  loadingKey: string;
  /** The tabs in the query, the first the default. */
  tabs: readonly [Tab, ...Tab[]];
  /** The route's id parameter of an item ('taskId'). */
  param: string;
  /** One item (GET <module>/{id}). */
  itemQuery(orgId: string, id: string): Options<Item>;
  /** The series root of a child (modules with series). */
  rootQuery?(orgId: string, id: string): Options<Item>;
  series?: SeriesPaths<Item>;
  templates: SendingTemplates<Template>;
  /** The item a template sends ('notification', 'action', 'task'). */
  templateItem(template: Template): SendingContent;
  templatePaths: TemplatePaths;
  /** The templates list's row icon. */
  icon: ComponentType;
}

/** A form overlay's close now and after saving (to the saved item on its tab). */
export interface FormCard<Tab extends string> {
  onClose(): void;
  onSaved(show: { tab: Tab; selected?: string }): void;
}

/** A sending module's kit instance: its declaration and what the kit derives from it. */
export interface SendingKit<Tab extends string = string, Item = any, Template extends SendingTemplate = any> extends SendingKitConfig<Tab, Item, Template> {
  /** The overlays of the list page: they close (and an unknown id goes back) to the list. */
  overlays: ListOverlays;
  /** The query's tab if it is one of `among` (default: all the module's tabs), else the first. */
  tabOf(search: string, among?: readonly [Tab, ...Tab[]]): Tab;
  selectedOf(search: string): string | undefined;
  withTab(search: string, tab: Tab, selected?: string): string;
  /** Links and navigation within the list page, keeping the query (tab, selection, developer mode). */
  useNav(): ReturnType<typeof useListNav>;
  /** A form overlay's close now (×, Escape, outside click) and after saving (~1 s, to the saved item). */
  useFormCard(): FormCard<Tab>;
}

export function sendingKit<Tab extends string, Item, Template extends SendingTemplate>(config: SendingKitConfig<Tab, Item, Template>): SendingKit<Tab, Item, Template> {
  const { listRoute, namespace, loadingKey, tabs } = config;
  const useNav = () => useListNav(listRoute);
  return {
    ...config,
    overlays: { listRoute, namespace, loadingKey },
    tabOf: (search, among = tabs) => tabIn(search, among),
    selectedOf,
    withTab,
    useNav,
    useFormCard: () => {
      const { close } = useNav();
      return useFormCard<{ tab: Tab; selected?: string }>(close);
    },
  };
}
