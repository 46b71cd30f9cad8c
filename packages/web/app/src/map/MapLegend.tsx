/**
 * The map's legend: every layer with its marker, a box to hide or show it (kept in the URL's
 * `hide`), devices of no layer, this sensor; under each shown layer whose tracks are coloured
 * by altitude, its scale in the layer's unit.
 */
import { Fragment } from 'preact';
import type { UiMarkerShape } from '@svc/core';
import { altitudeScale } from './altitude-colour';
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
  const rows = [
    ...layers.map((layer) => ({ id: layer.id, title: layer.title, swatch: <Swatch shape={layer.shape} colour={layer.colour} />, altitude: layer.track?.altitude })),
    { id: OTHER_DEVICES.id, title: OTHER_DEVICES.title, swatch: <Swatch shape={OTHER_DEVICES.shape} colour={OTHER_DEVICES.colour} /> },
    { id: SENSOR_LAYER_ID, title: 'This sensor (GPS)', swatch: <span class="swatch sensor-swatch" aria-hidden="true" /> },
  ];
  return (
    <div class="map-legend" aria-label="Map layers" data-testid="map-legend">
      {rows.map((row) => {
        const scale = 'altitude' in row && row.altitude && !hidden.has(row.id) ? altitudeScale(row.altitude) : undefined;
        return (
          <Fragment key={row.id}>
            <label data-layer={row.id}>
              <input type="checkbox" checked={!hidden.has(row.id)} onChange={() => onToggle(row.id)} /> {row.swatch} {row.title}
            </label>
            {scale && (
              <div class="altitude-scale" data-scale={row.id} title="track colour by altitude">
                <span class="ramp" style={{ background: scale.gradient }} />
                <span class="muted">{scale.range}</span>
              </div>
            )}
          </Fragment>
        );
      })}
    </div>
  );
}
