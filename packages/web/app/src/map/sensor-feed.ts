/**
 * This sensor on the map: its current GPS position (`gps/location.json`) and where it has been
 * (`gps/track.json`, only the points after the last one held are asked for), every two seconds.
 */
import { get } from '../api';
import { MAP_REFRESH_MS } from './map-feed';

/** The sensor's position and track (lat, lon pairs, oldest first). */
export interface SensorState {
  /** Undefined while no GPS has a fix. */
  readonly position?: { readonly lat: number; readonly lon: number };
  readonly track: readonly (readonly [number, number])[];
}

/** Points of the track kept at most (the server keeps as many). */
const MAX_TRACK = 10_000;

/** Polls the sensor's position and track; `close` stops. */
export function followSensor(onState: (state: SensorState) => void): { close(): void } {
  const track: [number, number][] = [];
  let since = 0;
  let busy = false;
  const load = async () => {
    if (busy) return;
    busy = true;
    try {
      const [location, added] = await Promise.all([get<Record<string, any>>('gps/location.json'), get<Record<string, any>>(`gps/track.json?since=${since}`)]);
      for (const [time, lat, lon] of added['svc.gps.track'] as number[][]) {
        track.push([lat!, lon!]);
        since = Math.max(since, time!);
      }
      if (track.length > MAX_TRACK) track.splice(0, track.length - MAX_TRACK);
      const [lon, lat] = location['svc.common.location.geopoint'] as [number, number];
      onState({ position: location['svc.common.location.fix'] >= 2 ? { lat, lon } : undefined, track: track.slice() });
    } catch {
      // The next poll tries again; the device feed reports the server's state.
    } finally {
      busy = false;
    }
  };
  void load();
  const timer = setInterval(load, MAP_REFRESH_MS);
  return { close: () => clearInterval(timer) };
}
