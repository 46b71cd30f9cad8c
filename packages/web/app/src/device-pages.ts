/**
 * The rows of a device view for the virtual table, fetched a page at a time through the
 * datatables API (server-side filter, sort and window), so the browser never holds more than
 * the pages near what is on screen, whatever the view's size. Pages in view are refreshed
 * every couple of seconds, which is how rows update and new devices appear; answers that come
 * back after the query changed are dropped.
 */
import { signal } from '@preact/signals';
import { get } from './api';
import type { Column } from './columns';

/** Rows per request. */
export const PAGE_ROWS = 100;
/** Pages kept beyond those in view, so scrolling back does not refetch at once. */
const KEPT_PAGES = 30;

/** One device row: its key and the columns' values. */
export interface DeviceRow {
  readonly key: string;
  readonly values: readonly unknown[];
}

/** What the table asks for. */
export interface DeviceQuery {
  readonly view: string;
  readonly columns: readonly Column[];
  readonly sort?: string;
  readonly descending: boolean;
  readonly search: string;
}

/** The rows of one query, loaded on demand. */
export class DevicePages {
  /** Devices matching the query; -1 until the first answer. */
  readonly total = signal(-1);
  /** Devices in the view. */
  readonly viewSize = signal(0);
  /** Bumped when rows arrive, so the table re-renders. */
  readonly version = signal(0);
  readonly error = signal('');
  readonly #pages = new Map<number, DeviceRow[]>();
  readonly #loading = new Set<number>();
  #draw = 0;
  #closed = false;

  constructor(readonly query: DeviceQuery) {}

  /** The row at `index`, or undefined while its page loads. */
  row(index: number): DeviceRow | undefined {
    return this.#pages.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS];
  }

  /** Loads the pages that hold rows `first` to `last` that are not loaded yet. */
  ensure(first: number, last: number): void {
    for (let page = Math.floor(Math.max(0, first) / PAGE_ROWS); page <= Math.floor(Math.max(0, last) / PAGE_ROWS); page++) {
      if (!this.#pages.has(page)) void this.#load(page);
    }
  }

  /** Reloads the pages in view and forgets those far from it (the live refresh). */
  refresh(first: number, last: number): void {
    const from = Math.floor(Math.max(0, first) / PAGE_ROWS);
    const to = Math.floor(Math.max(0, last) / PAGE_ROWS);
    for (const page of [...this.#pages.keys()]) if (page < from - KEPT_PAGES || page > to + KEPT_PAGES) this.#pages.delete(page);
    for (let page = from; page <= to; page++) void this.#load(page);
  }

  /** Stops this query: later answers are dropped. */
  close(): void {
    this.#closed = true;
  }

  async #load(page: number): Promise<void> {
    if (this.#loading.has(page) || this.#closed) return;
    this.#loading.add(page);
    const { view, columns, sort, descending, search } = this.query;
    const sortColumn = sort === undefined ? -1 : columns.findIndex((column) => column.id === sort);
    const draw = ++this.#draw;
    try {
      const answer = await get<{ draw: number; data: Record<string, unknown>[]; recordsTotal: number; recordsFiltered: number }>(`devices/views/${encodeURIComponent(view)}/devices.json`, {
        datatable: true,
        fields: ['svc.device.base.key', ...columns.map((column, index) => [column.field, `c${index}`])],
        colmap: Object.fromEntries(columns.map((column, index) => [String(index), column.field])),
        start: page * PAGE_ROWS,
        length: PAGE_ROWS,
        draw,
        ...(search ? { search: { value: search } } : {}),
        ...(sortColumn >= 0 ? { order: [{ column: sortColumn, dir: descending ? 'desc' : 'asc' }] } : {}),
      });
      if (this.#closed) return;
      this.#pages.set(
        page,
        answer.data.map((record) => ({ key: String(record['svc.device.base.key']), values: columns.map((_, index) => record[`c${index}`]) })),
      );
      this.total.value = answer.recordsFiltered;
      this.viewSize.value = answer.recordsTotal;
      this.error.value = '';
      this.version.value++;
    } catch (error) {
      if (!this.#closed) this.error.value = error instanceof Error ? error.message : String(error);
    } finally {
      this.#loading.delete(page);
    }
  }
}
