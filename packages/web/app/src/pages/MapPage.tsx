/**
 * The map page (`#/map`): the located devices of the view and search the device table shows
 * (the same `view` and `q` in the URL, and the same search over the table's columns), drawn by
 * the layers the plugins' UI modules add, with this sensor's position and track; counts of
 * what is located and on screen, downloads of the view as KML and GPX, and the detail of the
 * device a click opens, as in the table. Loaded on first visit, so the other pages do not carry
 * the map library.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { chosenColumns, columnContributions } from '../columns';
import { DeviceDetail } from '../components/DeviceDetail';
import { SearchBox, useViews, ViewPicker } from '../components/ViewPicker';
import { count } from '../format';
import { MapLegend } from '../map/MapLegend';
import { mapLayers, SENSOR_LAYER_ID } from '../map/map-layers';
import { formatPlace, parsePlace } from '../map/map-position';
import { MapView, type MapSummary } from '../map/MapView';
import { route, setParams } from '../router';
import { apiPath } from '../server';
import { uiModulesReady } from '../ui-modules';

/**
 * The map page. Its first question needs what the UI modules add only when it searches (over
 * the table's columns) or hides layers other than the sensor's; otherwise the map asks at once,
 * while the modules load, and draws every device as a device of no layer until their layers
 * arrive and it asks again.
 */
export default function MapPage() {
  const { q, hide } = route.value.params;
  const needsModules = Boolean(q) || (hide ?? '').split(',').some((id) => id !== '' && id !== SENSOR_LAYER_ID);
  // Once shown, the map stays while the modules load (a search typed meanwhile is asked again with their columns).
  const shown = useRef(false);
  if (!uiModulesReady.value && needsModules && !shown.current) {
    return (
      <main class="page devices">
        <p class="muted">loading…</p>
      </main>
    );
  }
  shown.current = true;
  return <MapScreen />;
}

function MapScreen() {
  const params = route.value.params;
  const view = params.view ?? 'all';
  const search = params.q ?? '';
  const selected = params.device;
  const hidden = useMemo(() => new Set((params.hide ?? '').split(',').filter(Boolean)), [params.hide]);
  const [place] = useState(() => parsePlace(params.at));
  const [summary, setSummary] = useState<MapSummary | undefined>(undefined);
  const { views, error: viewsError } = useViews();
  const contributions = columnContributions.value;
  const searchFields = useMemo(() => ['svc.device.base.key', ...chosenColumns(view, contributions).map((column) => column.field)], [view, contributions]);
  // Layers whose view the server has (a request naming an unknown view would be refused whole);
  // until the views are listed, every layer, so the first answer does not wait for the list.
  const known = new Set(views.map((entry) => entry.id));
  const shown = mapLayers.value.filter((layer) => known.size === 0 || known.has(layer.view));
  const shownIds = shown.map((layer) => layer.id).join(',');
  const layers = useMemo(() => shown, [shownIds]);
  const toggle = (id: string) => {
    const next = new Set(hidden);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setParams({ hide: [...next].join(',') }, true);
  };
  const query = new URLSearchParams(search ? { search } : {}).toString();
  const exportLink = (format: string) => apiPath(`devices/views/${encodeURIComponent(view)}/devices.${format}${query ? `?${query}` : ''}`);

  return (
    <main class={`page devices map-page ${selected ? 'with-detail' : ''}`}>
      <div class="toolbar">
        <ViewPicker view={view} views={views} />
        <SearchBox search={search} />
        <span class="muted" data-testid="map-summary">
          {!summary ? 'loading…' : summary.error ? '' : `${count(summary.located)} located${summary.inBox === undefined ? '' : `, ${count(summary.inBox)} in sight${summary.clusters ? ` in ${count(summary.clusters)} clusters and ${count(summary.points)} alone` : ''}`}`}
        </span>
        <a class="small" href={exportLink('kml')} download={`svc-${view}.kml`} data-testid="map-kml">
          KML
        </a>
        <a class="small" href={exportLink('gpx')} download={`svc-${view}.gpx`} data-testid="map-gpx">
          GPX
        </a>
        <a class="small" href={`#/devices?${new URLSearchParams({ view, ...(search ? { q: search } : {}) })}`}>
          in the table
        </a>
      </div>
      {(viewsError || summary?.error) && <p class="error">{summary?.error || viewsError}</p>}
      <div class="devices-body">
        <div class="map-frame">
          <MapView
            view={view}
            search={search}
            searchFields={searchFields}
            layers={layers}
            hidden={hidden}
            selected={selected}
            place={place}
            onOpen={(key) => setParams({ device: key })}
            onMoved={(moved) => setParams({ at: formatPlace(moved) }, true)}
            onSummary={setSummary}
          />
          <MapLegend layers={layers} hidden={hidden} onToggle={toggle} />
        </div>
        {selected && <DeviceDetail deviceKey={selected} onClose={() => setParams({ device: undefined })} />}
      </div>
    </main>
  );
}
