/**
 * Search, paging and sorting of the staff tables, done by the database: the query every table
 * takes (anything else is refused as VALIDATION_FAILED by the schema), an ILIKE search over named
 * columns with the search text's own wildcards escaped, whitelisted sort columns with a
 * tie-breaker so paging is stable, and the page answered.
 */
import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import * as v from 'valibot';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const positive = (fallback: string, max: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1), v.maxValue(max)),
    fallback,
  );

export const tableQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  page: positive('1', 100_000),
  pageSize: positive(String(DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
  sort: v.optional(v.pipe(v.string(), v.regex(/^[a-zA-Z]{1,40}$/))),
  dir: v.optional(v.picklist(['asc', 'desc'])),
  status: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{1,20}$/))),
});
export type TableQuery = v.InferOutput<typeof tableQuerySchema>;

export interface TablePage<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
}

/** `%text%` for ILIKE with the wildcards of the search text itself escaped. */
function pattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export function searchIn(q: string, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const p = pattern(q);
  return or(...columns.map((col) => ilike(col as AnyColumn, p)));
}

export interface Spec {
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: string;
  /** tie-breaker, so paging is stable */
  tieBreak: AnyColumn;
}

export function ordering(
  spec: Spec,
  query: TableQuery,
): { sort: string; dir: 'asc' | 'desc'; by: SQL[] } {
  const sort = query.sort && query.sort in spec.sortable ? query.sort : spec.defaultSort;
  const dir = query.dir ?? (query.sort && query.sort in spec.sortable ? 'asc' : 'desc');
  const column = spec.sortable[sort]!;
  const fn = dir === 'asc' ? asc : desc;
  return { sort, dir, by: [fn(column), fn(spec.tieBreak)] };
}

export function paging(query: TableQuery) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export const iso = (d: Date | null) => d?.toISOString() ?? null;

export function pageOf<T>(
  rows: T[],
  total: number | undefined,
  query: TableQuery,
  order: { sort: string; dir: 'asc' | 'desc' },
): TablePage<T> {
  return { rows, total: total ?? 0, page: query.page, pageSize: query.pageSize, ...order };
}
