/**
 * The key convention (docs/data-model.md §1, decision 0068) in one place. An entity's index key
 * is written as its segments: literal segments ('NOTIF') and composite attributes
 * (`attr('notificationId')`), joined with `#`; a tenant key starts with the organisation
 * (`orgKey`). From the segments come both halves ElectroDB wants, the `composite` list and the
 * `template`, so the two cannot disagree, and `casing: 'none'` keeps ids as they are.
 *
 * Why not ElectroDB's own composite keys (no template): they are written as `$portal#orgid_…`, and
 * every stored row keeps the keys it was written with. The `const` type parameters keep the
 * composites a tuple of literal names, which ElectroDB's typings read for the keys of get, query
 * and the item types. key-convention.test.ts pins every stored key and checks the convention.
 */

/** A composite attribute's place in a key. */
export interface Attr<N extends string = string> {
  readonly attr: N;
}

export const attr = <const N extends string>(name: N): Attr<N> => ({ attr: name });

type Segment = string | Attr;

/** The attribute names among the segments, in their order. */
type Composites<S extends readonly Segment[]> = S extends readonly [infer Head, ...infer Tail extends readonly Segment[]]
  ? Head extends Attr<infer N> ? [N, ...Composites<Tail>] : Composites<Tail>
  : [];

/** An index key (`pk` or `sk` of an ElectroDB index) stored in `field`, its segments joined with `#`. */
export function key<const S extends readonly Segment[]>(field: string, ...segments: S) {
  return {
    field,
    composite: segments.flatMap((segment) => (typeof segment === 'string' ? [] : [segment.attr])) as Composites<S>,
    template: segments.map((segment) => (typeof segment === 'string' ? segment : `\${${segment.attr}}`)).join('#'),
    casing: 'none' as const,
  };
}

/** A key under the organisation: `ORG#${orgId}`, then the segments. */
export const orgKey = <const S extends readonly Segment[]>(field: string, ...segments: S) => key(field, 'ORG', attr('orgId'), ...segments);
