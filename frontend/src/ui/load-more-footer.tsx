import { Button, Loader } from '@aws-amplify/ui-react';
import './ui.css';

/** What the footer reads of an infinite query. */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetching: boolean;
  isPending: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface LoadMoreFooterProps {
  list: PagedList;
  loadMoreLabel: string;
  loadingLabel: string;
  /** A spinner while the loaded pages refresh in the background (not for a search, which shows its own). */
  showRefresh?: boolean;
}

/** Below a paged list: "Load more" while there is a next page (spec 000 §2), and a spinner while the list refreshes. */
export function LoadMoreFooter({ list, loadMoreLabel, loadingLabel, showRefresh = true }: LoadMoreFooterProps) {
  return (
    <div className="list-footer">
      {list.hasNextPage ? (
        <Button onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage} loadingText={loadingLabel}>
          {loadMoreLabel}
        </Button>
      ) : null}
      {showRefresh && list.isFetching && !list.isPending && !list.isFetchingNextPage ? <Loader aria-label={loadingLabel} /> : null}
    </div>
  );
}
