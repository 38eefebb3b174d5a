import { useState, type ReactNode } from 'react';
import { Button, Flex, Loader, SearchField, ToggleButton } from '@aws-amplify/ui-react';
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { Link, type To } from 'react-router-dom';
import { TEMPLATE_LIST_ROW_HEIGHT_PX, TEMPLATE_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { EmptyState } from './empty-state.tsx';
import { useOrganizationClock } from '../lib/organization-clock.ts';
import { LoadMoreFooter } from './load-more-footer.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import '@aws-amplify/ui-react/styles/searchField.css';
import '@aws-amplify/ui-react/styles/toggleButton.css';
import './list-pane.css';

interface TemplateRow {
  id: string;
  title: string;
  created_time: string;
}

interface TemplatePage<T> {
  items: T[];
  next_token?: string;
}

/** The template search of spec 001 §7: the query of one term and order (the module's API). */
export type TemplateSearchOptions<P extends TemplatePage<TemplateRow>, K extends QueryKey> = (
  term: string,
  isAscending: boolean,
) => UseInfiniteQueryOptions<P, Error, InfiniteData<P>, K, string | undefined>;

export interface TemplateSearchTexts {
  /** The list's accessible name. */
  list: string;
  search: string;
  searchPlaceholder: string;
  searchButton: string;
  clearSearch: string;
  sortLabel: string;
  oldestFirst: string;
  newestFirst: string;
  created: (date: string) => string;
  untitled: string;
  empty: string;
  emptyHelp: string;
  noMatches: (term: string) => string;
  noMatchesHelp: string;
  loadMore: string;
  loading: string;
}

interface TemplateSearchListProps<P extends TemplatePage<TemplateRow>, K extends QueryKey> {
  queryOptions: TemplateSearchOptions<P, K>;
  texts: TemplateSearchTexts;
  selected: string | undefined;
  /** Where a row links (its details). */
  rowTo: (template: P['items'][number]) => To;
  icon: ReactNode;
  /** The empty list's call to action (none for a search without result). */
  emptyAction: ReactNode;
}

/** A module's templates: searched on the server (debounced 1000 ms), sorted by creation, token paging (spec 001 §7). */
export function TemplateSearchList<P extends TemplatePage<TemplateRow>, K extends QueryKey>({ queryOptions, texts, selected, rowTo, icon, emptyAction }: TemplateSearchListProps<P, K>) {
  const clock = useOrganizationClock();
  const [term, setTerm] = useState('');
  // The search button and Enter search at once; typing searches after the debounce.
  const [submitted, setSubmitted] = useState<string>();
  const [isAscending, setAscending] = useState(false);
  const typed = useDebouncedValue(term.trim(), TEMPLATE_SEARCH_DEBOUNCE_MS);
  const debounced = submitted === term.trim() ? submitted : typed;
  const list = useInfiniteQuery(queryOptions(debounced, isAscending));

  if (list.isError) throw list.error;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="item-list">
      <Flex gap="small" alignItems="flex-end" wrap="wrap" marginBottom="small">
        <SearchField
          label={texts.search}
          placeholder={texts.searchPlaceholder}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onClear={() => setTerm('')}
          onSubmit={(value) => setSubmitted(value.trim())}
          clearButtonLabel={texts.clearSearch}
          // Amplify's own search button is an icon named 'Search' in every language: this one has translated text.
          outerEndComponent={
            <Button type="button" onClick={() => setSubmitted(term.trim())}>
              {texts.searchButton}
            </Button>
          }
          maxLength={64}
          flex="1 1 100%"
        />
        {/* Named by its content, which holds the visible text (WCAG 2.5.3): "Sort by creation date: Newest first". */}
        <ToggleButton isPressed={isAscending} onChange={() => setAscending((on) => !on)} size="small">
          <span className="visually-hidden">{texts.sortLabel}: </span>
          {isAscending ? texts.oldestFirst : texts.newestFirst}
        </ToggleButton>
      </Flex>
      {list.isPending ? <Loader aria-label={texts.loading} /> : null}
      {list.isSuccess && items.length === 0 ? (
        <EmptyState
          compact
          icon={icon}
          title={debounced ? texts.noMatches(debounced) : texts.empty}
          help={debounced ? texts.noMatchesHelp : texts.emptyHelp}
          action={debounced ? undefined : emptyAction}
        />
      ) : null}
      <ul className="item-list__items" aria-label={texts.list}>
        {items.map((template) => (
          <li key={template.id} style={{ height: TEMPLATE_LIST_ROW_HEIGHT_PX }}>
            <Link className="item-list__row" style={{ height: '100%' }} aria-current={template.id === selected ? 'true' : undefined} to={rowTo(template)}>
              <span className="item-list__title">{template.title || texts.untitled}</span>
              <span className="item-list__meta">{texts.created(clock.date(template.created_time))}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} loadMoreLabel={texts.loadMore} loadingLabel={texts.loading} showRefresh={false} />
    </div>
  );
}

/** The search texts of a module's namespace, under `templates.*` and `list.*` as notifications and actions name them. */
export function templateSearchTexts(t: (key: string, options?: Record<string, unknown>) => string): TemplateSearchTexts {
  return {
    list: t('list.templates'),
    search: t('templates.search'),
    searchPlaceholder: t('templates.searchPlaceholder'),
    searchButton: t('templates.searchButton'),
    clearSearch: t('templates.clearSearch'),
    sortLabel: t('templates.sortLabel'),
    oldestFirst: t('templates.oldestFirst'),
    newestFirst: t('templates.newestFirst'),
    created: (date) => t('templates.created', { date }),
    untitled: t('list.untitled'),
    empty: t('list.emptyTemplates'),
    emptyHelp: t('list.emptyTemplatesHelp'),
    noMatches: (term) => t('list.noMatches', { term }),
    noMatchesHelp: t('list.noMatchesHelp'),
    loadMore: t('actions.loadMore'),
    loading: t('list.loading'),
  };
}
