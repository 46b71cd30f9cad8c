/**
 * The devices page: a view chosen from the server's views (with their sizes), a search over the
 * table's columns, the virtual table, a column chooser, and the detail of the device the URL
 * names. View, sort, direction, search and the open device live in the URL, so a link or a
 * reload shows the same screen.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { chooseColumns, chosenColumns, columnContributions, defaultColumns, offeredColumns } from '../columns';
import { DeviceDetail } from '../components/DeviceDetail';
import { DeviceTable } from '../components/DeviceTable';
import { SearchBox, useViews, ViewPicker } from '../components/ViewPicker';
import { DevicePages } from '../device-pages';
import { count } from '../format';
import { route, setParams } from '../router';
import { uiModulesReady } from '../ui-modules';

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
  const contributions = columnContributions.value;
  const columns = useMemo(() => chosenColumns(view, contributions), [view, columnsVersion, contributions]);
  const sortColumn = columns.some((column) => column.id === sort) ? sort : undefined;
  const pages = useMemo(() => new DevicePages({ view, columns, sort: sortColumn, descending, search }), [view, columns, sortColumn, descending, search]);
  useEffect(() => () => pages.close(), [pages]);

  const onSort = (column: string) => setParams({ sort: column, dir: column === sortColumn && !descending ? 'desc' : 'asc' }, true);
  const total = pages.total.value;

  return (
    <main class={`page devices ${selected ? 'with-detail' : ''}`}>
      <div class="toolbar">
        <ViewPicker view={view} views={views} />
        <SearchBox search={search} />
        <span class="muted" data-testid="device-count">
          {total < 0 ? 'loading…' : search ? `${count(total)} of ${count(pages.viewSize.value)} devices` : `${count(total)} devices`}
        </span>
        <ColumnChooser view={view} onChange={() => setColumnsVersion(columnsVersion + 1)} />
        <a class="small" href={`#/map?${new URLSearchParams({ view, ...(search ? { q: search } : {}) })}`} data-testid="devices-on-map">
          on the map
        </a>
      </div>
      {(viewsError || pages.error.value) && <p class="error">{pages.error.value || viewsError}</p>}
      <div class="devices-body">
        <DeviceTable pages={pages} columns={columns} sort={sortColumn} descending={descending} selected={selected} onSort={onSort} onOpen={(key) => setParams({ device: key })} />
        {selected && <DeviceDetail deviceKey={selected} onClose={() => setParams({ device: undefined })} />}
      </div>
    </main>
  );
}
