/**
 * The view chooser and search box the devices page and the map share: the server's views with
 * their sizes (polled), and a search typed into the URL's `q` after a pause, so both pages read
 * the same `view` and `q` and a link from one to the other keeps them.
 */
import { useEffect, useState } from 'preact/hooks';
import { get } from '../api';
import { count } from '../format';
import { setParams } from '../router';
import { usePolled } from '../use-polled';

/** A view as the chooser lists it. */
export interface ViewRecord {
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

/** The server's views, kept fresh. */
export function useViews(): { views: ViewRecord[]; error: string } {
  const polled = usePolled(async () => (await get<Record<string, unknown>[]>('devices/views/all_views.json')).map(viewRecord), VIEWS_REFRESH_MS, []);
  return { views: polled.value ?? [], error: polled.error };
}

/** The view chooser: choosing one sets `view` (and closes an open device). */
export function ViewPicker({ view, views }: { view: string; views: readonly ViewRecord[] }) {
  const known = views.some((entry) => entry.id === view);
  return (
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
  );
}

/** The search box: what is typed becomes `q` after a pause. */
export function SearchBox({ search }: { search: string }) {
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setParams({ q: typed }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return <input type="search" aria-label="Search devices" placeholder="search name, MAC, manufacturer…" value={typed} onInput={(event) => setTyped(event.currentTarget.value)} />;
}
