/**
 * The map's coordinate grid, drawn under the tiles: a plain background with lines of latitude
 * and longitude at a round step for the zoom (grid-step.ts), each labelled, tile by tile. With
 * no tile source, or once tiles cannot be fetched (a sensor in a field, a place the archive
 * does not cover), the map still shows where it is; never a blank page.
 *
 * A tile is a few plain elements (a background, one-pixel lines, labels), not a canvas: the
 * browser paints them off the main thread with the rest of the page, where a canvas per tile
 * costs a bitmap drawn by script and handed to the compositor again on many frames.
 */
import * as L from 'leaflet';
import { gridLabel, gridStep } from './grid-step';
import { paintTilesIntoLevel } from './level-painted-tiles';

const TILE = 256;
/** Width of a label's character (the labels' font is monospaced, 11 px), to leave out a label that would not fit in its tile. */
const LABEL_CHARACTER_PIXELS = 6.7;

/** Latitude of a world pixel row at a zoom (inverse Web Mercator). */
function latitudeOf(y: number, zoom: number): number {
  const n = Math.PI - (2 * Math.PI * y) / (TILE * 2 ** zoom);
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/** World pixel row of a latitude at a zoom. */
function rowOf(lat: number, zoom: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE * 2 ** zoom;
}

/** Adds an element of `className` to `tile` at `left`, `top` (pixels). */
function place(tile: HTMLElement, className: string, left: number, top: number, text?: string): void {
  const element = document.createElement('div');
  element.className = className;
  element.style.left = `${left}px`;
  element.style.top = `${top}px`;
  if (text) element.textContent = text;
  tile.appendChild(element);
}

/** The grid layer. */
export class CoordinateGrid extends L.GridLayer {
  constructor() {
    super({ tileSize: TILE, zIndex: 0, updateWhenZooming: false, className: 'map-grid' });
    paintTilesIntoLevel(this);
  }

  override createTile(coords: L.Coords): HTMLElement {
    const tile = document.createElement('div');
    const { x, y, z } = coords;
    const step = gridStep(z);
    const west = (x / 2 ** z) * 360 - 180;
    const east = ((x + 1) / 2 ** z) * 360 - 180;
    const north = latitudeOf(y * TILE, z);
    const south = latitudeOf((y + 1) * TILE, z);
    // Labels in every third row and column of tiles, and only where they fit in the tile.
    const label = (text: string, px: number, baseline: number) => {
      if (px + text.length * LABEL_CHARACTER_PIXELS < TILE - 2 && baseline > 10) place(tile, 'map-grid-label', px, baseline - 10, text);
    };
    for (let lon = Math.ceil(west / step) * step; lon < east; lon += step) {
      const px = Math.round(((lon - west) / (east - west)) * TILE);
      place(tile, 'map-grid-line map-grid-meridian', px, 0);
      if (y % 3 === 0) label(gridLabel(lon, step, 'E', 'W'), px + 3, 14);
    }
    for (let lat = Math.ceil(south / step) * step; lat < north; lat += step) {
      const py = Math.round(rowOf(lat, z) - y * TILE);
      place(tile, 'map-grid-line map-grid-parallel', 0, py);
      if (x % 3 === 0) label(gridLabel(lat, step, 'N', 'S'), 3, py - 3);
    }
    return tile;
  }
}
