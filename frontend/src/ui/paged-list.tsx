import type { ReactNode } from 'react';
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { Link, type To } from 'react-router-dom';
import { LoadMoreFooter } from './load-more-footer.tsx';
import { PageLoader } from './page-loader.tsx';

interface Page<T> {
  items: T[];
  next_token?: string;
}

interface PagedListProps<P extends Page<{ id: string }>, K extends QueryKey> {
  /** The module's list query: one page at a time, the next by its token. */
  queryOptions: UseInfiniteQueryOptions<P, Error, InfiniteData<P>, K, string | undefined>;
  /** The list's accessible name. */
  label: string;
  /** Shown above the (empty) list when there is nothing. */
  empty: ReactNode;
  selected: string | undefined;
  /** Where a row links (its details). */
  rowTo: (item: P['items'][number]) => To;
  title: (item: P['items'][number]) => ReactNode;
  meta: (item: P['items'][number]) => ReactNode;
  loadMoreLabel: string;
  loadingLabel: string;
}

/** A list page's items, one page at a time, "Load more" for the next (spec 000 §2); a row links to its details. */
export function PagedList<P extends Page<{ id: string }>, K extends QueryKey>({ queryOptions, label, empty, selected, rowTo, title, meta, loadMoreLabel, loadingLabel }: PagedListProps<P, K>) {
  const list = useInfiniteQuery(queryOptions);

  if (list.isPending) return <PageLoader />;
  if (list.isError) throw list.error;
  const items = list.data.pages.flatMap((page) => page.items);
  return (
    <div className="item-list">
      {items.length === 0 ? empty : null}
      <ul className="item-list__items" aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>
            <Link className="item-list__row" aria-current={item.id === selected ? 'true' : undefined} to={rowTo(item)}>
              <span className="item-list__title">{title(item)}</span>
              <span className="item-list__meta">{meta(item)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} loadMoreLabel={loadMoreLabel} loadingLabel={loadingLabel} />
    </div>
  );
}
