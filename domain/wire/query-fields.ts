// The fields a list call's query string carries, as data: the request type is derived from it, and so is the server's schema.

/**
 * What one query field holds. Page and size always have a value (the server fills in the defaults of PAGE_LIMITS);
 * every other field is a filter the caller may leave out.
 */
export type QueryField =
  | { readonly kind: 'page' }
  | { readonly kind: 'size' }
  /** Epoch milliseconds. */
  | { readonly kind: 'time' }
  /** Free text of at most `maxLength` characters. */
  | { readonly kind: 'text'; readonly maxLength: number }
  /** One of a few integer codes. */
  | { readonly kind: 'code'; readonly values: readonly number[] };

export type QueryFields = Readonly<Record<string, QueryField>>;

type Defaulted = { readonly kind: 'page' | 'size' };

type ValueOf<F extends QueryField> = F extends { readonly kind: 'page' | 'size' | 'time' }
  ? number
  : F extends { readonly kind: 'text' }
    ? string
    : F extends { readonly values: readonly (infer Code)[] }
      ? Code
      : never;

/** The request a table of query fields describes: page and size present, every filter optional. */
export type QueryOf<T extends QueryFields> = {
  readonly [K in keyof T as T[K] extends Defaulted ? K : never]: ValueOf<T[K]>;
} & {
  readonly [K in keyof T as T[K] extends Defaulted ? never : K]?: ValueOf<T[K]>;
};

/** Design: pages are 1-based. */
export const PAGE_FIELDS = { page: { kind: 'page' }, size: { kind: 'size' } } as const satisfies QueryFields;

/** A time range, both ends inclusive and optional. */
export const RANGE_FIELDS = { startTime: { kind: 'time' }, endTime: { kind: 'time' } } as const satisfies QueryFields;
