/** The /dashboard/qr-codes list query: search, sort and page, read from and written to the URL. */
export const CODE_SORTS = [
  { value: 'created_desc', label: 'Newest first' },
  { value: 'created_asc', label: 'Oldest first' },
  { value: 'name_asc', label: 'Name (A–Z)' },
  { value: 'name_desc', label: 'Name (Z–A)' },
  { value: 'scans_desc', label: 'Most scans' },
  { value: 'scans_asc', label: 'Fewest scans' },
] as const;

export type CodeSort = (typeof CODE_SORTS)[number]['value'];

export const PAGE_SIZE = 10;

export interface ListQuery {
  search: string;
  sort: CodeSort;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export function isCodeSort(value: string | null): value is CodeSort {
  return CODE_SORTS.some((s) => s.value === value);
}

export function readListQuery(params: URLSearchParams): ListQuery {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: (params.get('q') ?? '').trim().slice(0, 200),
    sort: isCodeSort(sort) ? sort : 'created_desc',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

export function writeListQuery(q: Pick<ListQuery, 'search' | 'sort' | 'page'>): URLSearchParams {
  const params = new URLSearchParams();
  if (q.search) params.set('q', q.search);
  if (q.sort !== 'created_desc') params.set('sort', q.sort);
  if (q.page > 1) params.set('page', String(q.page));
  return params;
}

/** Order column and direction of a sort. */
export function sortOrder(sort: CodeSort): { column: 'created_at' | 'name' | 'scans'; ascending: boolean } {
  const [key, dir] = sort.split('_') as ['created' | 'name' | 'scans', 'asc' | 'desc'];
  return { column: key === 'created' ? 'created_at' : key, ascending: dir === 'asc' };
}

/** Inclusive row range of a page for `.range(from, to)`. */
export function pageRange(page: number, pageSize: number): { from: number; to: number } {
  const from = (Math.max(1, page) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `%`, `_` and `\` typed by the user are matched literally by ILIKE; the search matches anywhere in the name. */
export function ilikePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
