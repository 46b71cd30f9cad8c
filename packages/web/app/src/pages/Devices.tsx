/**
 * The devices page: a view chosen from the server's views (with their sizes), a search over the
 * table's columns, the virtual table, a column chooser, and the detail of the device the URL
 * names. View, sort, direction, search and the open device live in the URL, so a link or a
 * reload shows the same screen.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { get } from '../api';
import { usePolled } from '../use-polled';
import { chooseColumns, chosenColumns, columnContributions, defaultColumns, offeredColumns } from '../columns';
import { DeviceDetail } from '../components/DeviceDetail';
import { DeviceTable } from '../components/DeviceTable';
import { DevicePages } from '../device-pages';
import { count } from '../format';
import { route, setParams } from '../router';
import { uiModulesReady } from '../ui-modules';

interface ViewRecord {
  readonly id: string;
  readonly description: string;
  readonly size: number;
}

const VIEWS_REFRESH_MS = 5000;
const SEARCH_DEBOUNCE_MS = 250;

const viewRecord = (view: Record<string, unknown>): ViewRecord => ({
  id: String(view['svc.devices.view.id']),
  description: String(view['svc.devices.view.description'] ?? ''),
  size: Number(view['svc.devices.view.size'] ?? 0),
});

function useViews(): { views: ViewRecord[]; error: string } {
  const polled = usePolled(async () => (await get<Record<string, unknown>[]>('devices/views/all_views.json')).map(viewRecord), VIEWS_REFRESH_MS, []);
  return { views: polled.value ?? [], error: polled.error };
}

function ColumnChooser({ view, onChange }: { view: string; onChange(): void }) {
  const chosen = new Set(chosenColumns(view).map((column) => column.id));
  const offered = offeredColumns(view);
  const toggle = (id: string) => {
    const next = offered.map((column) => column.id).filter((columnId) => (columnId === id ? !chosen.has(id) : chosen.has(columnId)));
    if (next.length) chooseColumns(view, next);
    onChange();
  };
  return (
    <details class="column-chooser">
      <summary>Columns</summary>
      <div class="menu">
        {offered.map((column) => (
          <label key={column.id} data-column={column.id}>
            <input type="checkbox" checked={chosen.has(column.id)} onChange={() => toggle(column.id)} /> {column.title}
          </label>
        ))}
        <button
          type="button"
          class="link"
          onClick={() => {
            chooseColumns(view, defaultColumns(view));
            onChange();
          }}
        >
          Default columns
        </button>
      </div>
    </details>
  );
}

/** The devices page, once the UI modules have said which columns there are. */
export function Devices() {
  if (!uiModulesReady.value) {
    return (
      <main class="page devices">
        <p class="muted">loading…</p>
      </main>
    );
  }
  return <DevicesPage />;
}

function DevicesPage() {
  const params = route.value.params;
  const view = params.view ?? 'all';
  const sort = params.sort ?? 'seen';
  const descending = (params.dir ?? (params.sort ? 'asc' : 'desc')) === 'desc';
  const search = params.q ?? '';
  const selected = params.device;
  const { views, error: viewsError } = useViews();
  const [columnsVersion, setColumnsVersion] = useState(0);
  const [typed, setTyped] = useState(search);
  const contributions = columnContributions.value;
  const columns = useMemo(() => chosenColumns(view, contributions), [view, columnsVersion, contributions]);
  const sortColumn = columns.some((column) => column.id === sort) ? sort : undefined;
  const pages = useMemo(() => new DevicePages({ view, columns, sort: sortColumn, descending, search }), [view, columns, sortColumn, descending, search]);
  useEffect(() => () => pages.close(), [pages]);
  useEffect(() => setTyped(search), [search]);
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setParams({ q: typed }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const onSort = (column: string) => setParams({ sort: column, dir: column === sortColumn && !descending ? 'desc' : 'asc' }, true);
  const total = pages.total.value;
  const known = views.some((entry) => entry.id === view);

  return (
    <main class={`page devices ${selected ? 'with-detail' : ''}`}>
      <div class="toolbar">
        <label>
          View{' '}
          <select aria-label="View" value={view} onChange={(event) => setParams({ view: event.currentTarget.value, device: undefined })}>
            {!known && <option value={view}>{view}</option>}
            {views.map((entry) => (
              <option key={entry.id} value={entry.id} title={entry.description}>
                {entry.id} ({count(entry.size)})
              </option>
            ))}
          </select>
        </label>
        <input type="search" aria-label="Search devices" placeholder="search name, MAC, manufacturer…" value={typed} onInput={(event) => setTyped(event.currentTarget.value)} />
        <span class="muted" data-testid="device-count">
          {total < 0 ? 'loading…' : search ? `${count(total)} of ${count(pages.viewSize.value)} devices` : `${count(total)} devices`}
        </span>
        <ColumnChooser view={view} onChange={() => setColumnsVersion(columnsVersion + 1)} />
      </div>
      {(viewsError || pages.error.value) && <p class="error">{pages.error.value || viewsError}</p>}
      <div class="devices-body">
        <DeviceTable pages={pages} columns={columns} sort={sortColumn} descending={descending} selected={selected} onSort={onSort} onOpen={(key) => setParams({ device: key })} />
        {selected && <DeviceDetail deviceKey={selected} onClose={() => setParams({ device: undefined })} />}
      </div>
    </main>
  );
}
