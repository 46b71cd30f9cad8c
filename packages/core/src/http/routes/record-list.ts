/**
 * A list of plain records served the way device views are (kismet-reference 1.8): `fields`,
 * `regex`, `last_time`, and either datatables paging (`datatable: true` with `start`,
 * `length`, `draw`, `search[value]`, `order[0][column]` through `colmap`, `order[0][dir]`),
 * generic paging (`page`, `length`/`size`, `sort`, `sort_dir`, `search`) or the whole list,
 * streamed as device lists are (a `StreamedList`: written a chunk at a time in slices of the
 * event loop's budget, a full dump past 1 000 records). For lists that are not devices (Kismet's
 * SSID view, watchlists, filter rules, API keys) and are small enough to filter in full. The
 * route must say `simplify: false`: the list applies `fields` itself.
 */
import { SvcError } from '../../errors.js';
import { parseFieldSpecs, pickFields, resolvePath, type FieldSpec } from '../../fields/field-spec.js';
import { expandPath, matchesAny, parseRegexFilters } from '../../fields/regex-filter.js';
import { parseSearch, type SearchTerm } from '../../views/device-search.js';
import { compareKeys, sortKey } from '../../views/sort-key.js';
import type { RouteContext } from '../route-registry.js';
import { StreamedList } from '../streamed-list.js';
import { MAX_PAGE_LENGTH } from './devices.js';
import { colmapPath, pagingParams } from './paging-params.js';

type PlainRecord = Readonly<Record<string, unknown>>;

/** What a record list needs to know about its items. */
export interface RecordListOptions<T = PlainRecord> {
  /** The field holding a record's last time (Unix seconds), for `last_time`. */
  readonly lastTimeField?: string;
  /** Fields a search looks in when the request names none. */
  readonly summaryFields: readonly string[];
  /** Makes an item's record; without it the items are their records. */
  readonly record?: (item: T) => PlainRecord;
}

/**
 * Answers a list request over `items` (in their natural order) as device views do. A request
 * for the whole list makes each record only as the stream writes it; one that filters,
 * searches, sorts or pages makes them all first.
 */
export function answerRecordList<T = PlainRecord>(items: readonly T[], { command, vars }: Pick<RouteContext, 'command' | 'vars'>, options: RecordListOptions<T>): StreamedList<T> | StreamedList<PlainRecord> {
  const record = options.record ?? ((item: T) => item as PlainRecord);
  const specs = parseFieldSpecs(command.fields);
  const filters = parseRegexFilters(command.regex);
  const serveOne = (one: PlainRecord) => (specs.length ? pickFields(specs, (path) => resolvePath(one, path)) : one);
  const paging = pagingParams(command, vars);
  const datatable = command.datatable === true || command.datatable === 'true' || command.datatable === 1;
  if (command.last_time === undefined && filters.length === 0 && !datatable && !paging.generic) return new StreamedList(items, (item) => serveOne(record(item)));
  const records = items.map(record);
  let selected: readonly PlainRecord[] = records;
  const lastTime = command.last_time;
  if (lastTime !== undefined) {
    if (typeof lastTime !== 'number' || !Number.isFinite(lastTime)) throw new SvcError('SVC_ERR_BAD_REQUEST', "'last_time' must be a number");
    const since = lastTime < 0 ? Date.now() / 1000 + lastTime : lastTime;
    const field = options.lastTimeField;
    if (field) selected = selected.filter((record) => Number(record[field] ?? 0) >= since);
  }
  if (filters.length) selected = selected.filter((one) => matchesAny(filters, (name) => one[name]));
  const total = records.length;

  if (datatable) {
    const searched = search(selected, specs, options, parseSearch(paging.search));
    const sortPath = paging.orderColumn === undefined ? undefined : colmapPath(command.colmap, paging.orderColumn);
    const sorted = sortPath ? sort(searched, sortPath, paging.descending) : searched;
    const start = paging.integer('start') ?? 0;
    const requested = paging.integer('length') ?? 0;
    const length = requested === 0 ? MAX_PAGE_LENGTH : Math.min(requested, MAX_PAGE_LENGTH);
    return new StreamedList(sorted.slice(start, start + length), serveOne, { head: { draw: paging.integer('draw') ?? 0 }, listKey: 'data', tail: { recordsTotal: total, recordsFiltered: searched.length } });
  }
  if (paging.generic) {
    const searched = search(selected, specs, options, parseSearch(paging.search));
    const sorted = paging.sort ? sort(searched, paging.sort, paging.descending) : searched;
    const page = paging.integer('page') ?? 0;
    const length = Math.min(paging.integer('length') ?? paging.integer('size') ?? 100, MAX_PAGE_LENGTH) || 100;
    return new StreamedList(sorted.slice(page * length, (page + 1) * length), serveOne, { head: {}, listKey: 'data', tail: { last_page: Math.ceil(searched.length / length), last_row: searched.length, total_row: total } });
  }
  return new StreamedList(selected, serveOne);
}

/** The records with a requested (or summary) field containing the term, case-insensitively. */
function search(records: readonly PlainRecord[], specs: readonly FieldSpec[], options: Pick<RecordListOptions, 'summaryFields'>, term: SearchTerm | undefined): readonly PlainRecord[] {
  if (!term) return records;
  const paths = specs.length ? specs.map((spec) => spec.path) : options.summaryFields.map((name) => [name]);
  const values: string[] = [];
  return records.filter((record) =>
    paths.some((path) => {
      const value = record[path[0]!];
      if (typeof value === 'number') return path.length === 1 && term.pattern.test(String(value));
      values.length = 0;
      expandPath(value, path, 1, values);
      return values.some((text) => term.pattern.test(text));
    }),
  );
}

/** The records ordered by the value at a field path (stable; records lacking it last). */
function sort(records: readonly PlainRecord[], pathText: string, descending: boolean): readonly PlainRecord[] {
  const path = pathText.split('/').filter(Boolean);
  const keyed = records.map((record, index) => ({ record, index, key: sortKey(resolvePath(record, path)) }));
  keyed.sort((a, b) => compareKeys(a.key, b.key) * (descending ? -1 : 1) || a.index - b.index);
  return keyed.map((entry) => entry.record);
}
