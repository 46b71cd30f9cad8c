/**
 * The paging variables of a device list request (kismet-reference 1.8). Kismet reads them as
 * form or query variables only (`start`, `length`, `draw`, `search[value]`, `order[0][column]`,
 * `order[0][dir]`; `page`, `size`, `sort`, `sort_dir`, `search` for generic paging); svc also
 * takes them from a JSON body, flat (`"search[value]": "x"`) or nested the way the datatables
 * component sends them (`"search": {"value": "x"}`, `"order": [{"column": 1, "dir": "desc"}]`).
 * A variable given both ways takes the form value.
 */
import { SvcError } from '../../errors.js';

type Command = Readonly<Record<string, unknown>>;
type Vars = Readonly<Record<string, string>>;

/** The paging variables, as text, wherever they came from. */
export interface PagingParams {
  /** Whether the request asked for generic paging (a `page` variable). */
  readonly generic: boolean;
  integer(name: 'start' | 'length' | 'draw' | 'page' | 'size'): number | undefined;
  readonly search: string | undefined;
  readonly orderColumn: string | undefined;
  readonly descending: boolean;
  /** Generic paging's sort path (`sort`). */
  readonly sort: string | undefined;
}

/** Reads the paging variables from form/query variables, then the command dictionary. */
export function pagingParams(command: Command, vars: Vars): PagingParams {
  const text = (name: string, ...fromBody: unknown[]): string | undefined => {
    if (vars[name] !== undefined) return vars[name];
    for (const value of [command[name], ...fromBody]) {
      if (value === undefined || value === null) continue;
      if (typeof value === 'string') return value;
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      throw new SvcError('SVC_ERR_BAD_REQUEST', `'${name}' must be a string or a number`);
    }
    return undefined;
  };
  const nestedSearch = objectOf(command.search)?.value;
  const firstOrder = Array.isArray(command.order) ? objectOf(command.order[0]) : undefined;
  const generic = text('page') !== undefined;
  const search = generic ? text('search') : text('search[value]', nestedSearch, typeof command.search === 'string' ? command.search : undefined);
  const direction = generic ? text('sort_dir') : text('order[0][dir]', firstOrder?.dir);
  return {
    generic,
    integer: (name) => wholeNumber(name, text(name)),
    search,
    orderColumn: text('order[0][column]', firstOrder?.column),
    descending: direction === 'desc',
    sort: text('sort'),
  };
}

/**
 * The field path a datatables `colmap` gives for a column number (kismet-reference 1.8): the
 * map is looked up with the column as a string key (or as an index in a list), and only the
 * first path of a list (or of a nested list) is used.
 */
export function colmapPath(colmap: unknown, column: string): string | undefined {
  if (!colmap || typeof colmap !== 'object') return undefined;
  let entry = Array.isArray(colmap) ? colmap[Number(column)] : (colmap as Record<string, unknown>)[column];
  while (Array.isArray(entry)) entry = entry[0];
  return typeof entry === 'string' && entry !== '' ? entry : undefined;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function wholeNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${name}' must be a whole number >= 0, got '${raw}'`);
  return value;
}
