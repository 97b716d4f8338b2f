/**
 * Search, paging and sorting of the staff tables, done by the database: the query every table
 * takes (anything else is refused as VALIDATION_FAILED by the schema), an ILIKE search over named
 * columns with the search text's own wildcards escaped, whitelisted sort columns with a
 * tie-breaker so paging is stable, and the page answered.
 */
import { and, asc, desc, eq, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
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

function searchIn(q: string, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const p = pattern(q);
  return or(...columns.map((col) => ilike(col as AnyColumn, p)));
}

export interface Spec {
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: string;
  /** tie-breaker, so paging is stable */
  tieBreak: AnyColumn;
  /** the columns a search looks in */
  search: (AnyColumn | SQL)[];
  /** the column the `status` filter compares with, if the table has one */
  status?: AnyColumn;
}

function ordering(spec: Spec, query: TableQuery): { sort: string; dir: 'asc' | 'desc'; by: SQL[] } {
  const sort = query.sort && query.sort in spec.sortable ? query.sort : spec.defaultSort;
  const dir = query.dir ?? (query.sort && query.sort in spec.sortable ? 'asc' : 'desc');
  const column = spec.sortable[sort]!;
  const fn = dir === 'asc' ? asc : desc;
  return { sort, dir, by: [fn(column), fn(spec.tieBreak)] };
}

function paging(query: TableQuery) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** The rows a table's query selects (`.where(where)`, `$dynamic()`) and how many there are. */
export interface TableSelect<Q extends PgSelect> {
  rows: Q;
  count: PromiseLike<{ n: number }[]>;
}

/**
 * One page of a staff table: the search and the status filter of the spec as the `where` the
 * table's selects take, sorted and paged here, the page's rows shaped by `shape`.
 */
export async function readTable<Q extends PgSelect, T>(
  spec: Spec,
  query: TableQuery,
  select: (where: SQL | undefined) => TableSelect<Q>,
  shape: (rows: Awaited<Q>) => T[] | Promise<T[]>,
): Promise<TablePage<T>> {
  const where = and(
    searchIn(query.q, spec.search),
    query.status && spec.status ? eq(spec.status, query.status) : undefined,
  );
  const { sort, dir, by } = ordering(spec, query);
  const { limit, offset } = paging(query);
  const { rows, count } = select(where);
  const [found, [counted]] = await Promise.all([
    rows
      .orderBy(...by)
      .limit(limit)
      .offset(offset),
    count,
  ]);
  return pageOf(await shape(found as Awaited<Q>), counted?.n, query, { sort, dir });
}

export const iso = (d: Date | null) => d?.toISOString() ?? null;

function pageOf<T>(
  rows: T[],
  total: number | undefined,
  query: TableQuery,
  order: { sort: string; dir: 'asc' | 'desc' },
): TablePage<T> {
  return { rows, total: total ?? 0, page: query.page, pageSize: query.pageSize, ...order };
}
