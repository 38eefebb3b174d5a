/**
 * The `meta` of an item that may be one of a series and may come from a template or a trigger
 * (spec 000 §3; notifications and tasks). One type, one reading of a stored row, and one rule each
 * for a new item, a series' root and its child, so the modules do not write the five fields again.
 */
export interface SeriesMeta {
  is_recurring_root: boolean;
  is_recurring_child: boolean;
  recurring_root_id: string | null;
  trigger_id: string | null;
  template_id: string | null;
}

/** Where a create says it came from (the request's optional `meta`). */
export interface MetaInput {
  template_id?: string | null;
  trigger_id?: string | null;
}

/** A stored meta read back; a field the row lacks is its default. */
export function seriesMetaOf(stored: unknown): SeriesMeta {
  const meta = (stored ?? {}) as Partial<SeriesMeta>;
  return {
    is_recurring_root: meta.is_recurring_root ?? false,
    is_recurring_child: meta.is_recurring_child ?? false,
    recurring_root_id: meta.recurring_root_id ?? null,
    trigger_id: meta.trigger_id ?? null,
    template_id: meta.template_id ?? null,
  };
}

/** A create's or a full edit's meta: the input's template and trigger; an edited item keeps its place in a series. */
export function newSeriesMeta(input: MetaInput | null | undefined, kept?: SeriesMeta): SeriesMeta {
  return {
    is_recurring_root: kept?.is_recurring_root ?? false,
    is_recurring_child: kept?.is_recurring_child ?? false,
    recurring_root_id: kept?.recurring_root_id ?? null,
    trigger_id: input?.trigger_id ?? null,
    template_id: input?.template_id ?? null,
  };
}

/** The meta of a series' root. */
export const rootMeta = (meta: SeriesMeta): SeriesMeta => ({ ...meta, is_recurring_root: true, is_recurring_child: false, recurring_root_id: null });

/** The meta of an occurrence of the root `rootId`: its template and trigger, and the root it belongs to. */
export const childMeta = (root: SeriesMeta, rootId: string): SeriesMeta => ({ ...root, is_recurring_root: false, is_recurring_child: true, recurring_root_id: rootId });
