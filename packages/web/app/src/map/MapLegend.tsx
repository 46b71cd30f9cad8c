/**
 * The map's legend: every layer with its marker, a box to hide or show it (kept in the URL's
 * `hide`), devices of no layer, this sensor, and the altitude scale of layers whose tracks are
 * coloured by altitude.
 */
import type { UiMarkerShape } from '@svc/core';
import { altitudeColour, TOP_OF_SCALE_FEET } from './altitude-colour';
import { OTHER_DEVICES, SENSOR_LAYER_ID, type MapLayer } from './map-layers';

const SHAPE_PATHS: Record<UiMarkerShape, string> = {
  circle: 'M7 1a6 6 0 1 0 0.01 0z',
  square: 'M2 2h10v10H2z',
  diamond: 'M7 0l7 7-7 7-7-7z',
  triangle: 'M7 0l7 12H0z',
};

function Swatch({ shape, colour }: { shape: UiMarkerShape; colour: string }) {
  return (
    <svg class="swatch" viewBox="-1 -1 16 16" width="14" height="14" aria-hidden="true">
      <path d={SHAPE_PATHS[shape]} fill={colour} stroke="#fff" stroke-width="1.2" />
    </svg>
  );
}

/** The legend; `onToggle` hides or shows a layer by id. */
export function MapLegend({ layers, hidden, onToggle }: { layers: readonly MapLayer[]; hidden: ReadonlySet<string>; onToggle(id: string): void }) {
  const rows = [...layers.map((layer) => ({ id: layer.id, title: layer.title, swatch: <Swatch shape={layer.shape} colour={layer.colour} /> })), { id: OTHER_DEVICES.id, title: OTHER_DEVICES.title, swatch: <Swatch shape={OTHER_DEVICES.shape} colour={OTHER_DEVICES.colour} /> }, { id: SENSOR_LAYER_ID, title: 'This sensor (GPS)', swatch: <span class="swatch sensor-swatch" aria-hidden="true" /> }];
  const altitudeUnits = [...new Set(layers.flatMap((layer) => (layer.track?.altitude ? [layer.track.altitude] : [])))];
  return (
    <div class="map-legend" aria-label="Map layers" data-testid="map-legend">
      {rows.map((row) => (
        <label key={row.id} data-layer={row.id}>
          <input type="checkbox" checked={!hidden.has(row.id)} onChange={() => onToggle(row.id)} /> {row.swatch} {row.title}
        </label>
      ))}
      {altitudeUnits.length > 0 && (
        <div class="altitude-scale" title="track colour by altitude">
          <span class="muted">altitude</span>
          <span class="ramp" style={{ background: `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((share) => altitudeColour(share * TOP_OF_SCALE_FEET, 'feet')).join(', ')})` }} />
          <span class="muted">0 – {TOP_OF_SCALE_FEET.toLocaleString()} ft</span>
        </div>
      )}
    </div>
  );
}
