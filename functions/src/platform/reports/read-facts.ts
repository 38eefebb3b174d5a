import { checkedPageToken, withPageToken } from '../db/paging.ts';
import { checkSegment } from './fact-content.ts';
import { ReportFactEntity } from './report-fact.entity.ts';

export interface FactRange {
  orgId: string;
  kind: string;
  /** The first instant of the range's first day and of the day after its last (ISO-8601 UTC, `dayIn`). */
  start: string;
  end: string;
  /** Facts per page (the caller's `pageSize`). */
  limit: number;
  token?: string | undefined;
}

/**
 * AP96: a page of an organisation's facts of one kind for the CSV, oldest first: ONE Query between
 * `{start}` and `{end}` (a fact at `end` itself sorts after the bare bound, so it is the next day's;
 * the refs' `ITEM#` keys sort after every instant). Only what a CSV row needs: the contribution
 * stays behind. The token is the last key read, checked to be of this partition.
 */
export async function readFacts({ orgId, kind, start, end, limit, token }: FactRange) {
  checkSegment('kind', kind);
  const cursor = checkedPageToken(token, 'pk', `ORG#${orgId}#RFACT#${kind}`) ?? null;
  const query = ReportFactEntity.query.byInstant({ orgId, kind }).between({ instant: start }, { instant: end });
  // orgId and kind too: ElectroDB builds the token from the last item's key attributes.
  const page = await withPageToken(() => query.go({ count: limit, cursor, attributes: ['orgId', 'kind', 'instant', 'itemId', 'localDate', 'localHour', 'columns'] }));
  return { data: page.data.map(({ instant, itemId, localDate, localHour, columns }) => ({ instant, itemId, localDate, localHour, columns })), cursor: page.cursor };
}
