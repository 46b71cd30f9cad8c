/**
 * The map's coordinate grid, drawn under the tiles: a plain background with lines of latitude
 * and longitude at a round step for the zoom (grid-step.ts), each labelled, tile by tile on
 * canvases. With no tile source, or once tiles cannot be fetched (a sensor in a field, a place
 * the archive does not cover), the map still shows where it is; never a blank page.
 */
import * as L from 'leaflet';
import { gridLabel, gridStep } from './grid-step';

const TILE = 256;

/** Colours of the grid for a light or a dark page. */
function palette(): { background: string; line: string; text: string } {
  return matchMedia('(prefers-color-scheme: dark)').matches ? { background: '#1d232c', line: '#364150', text: '#8a94a6' } : { background: '#eef1f5', line: '#c9d0da', text: '#5a6474' };
}

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

/** The grid layer. */
export class CoordinateGrid extends L.GridLayer {
  constructor() {
    super({ tileSize: TILE, zIndex: 0, updateWhenZooming: false });
  }

  override createTile(coords: L.Coords): HTMLElement {
    const canvas = document.createElement('canvas');
    canvas.width = TILE;
    canvas.height = TILE;
    const context = canvas.getContext('2d')!;
    const colours = palette();
    const { x, y, z } = coords;
    const step = gridStep(z);
    const west = (x / 2 ** z) * 360 - 180;
    const east = ((x + 1) / 2 ** z) * 360 - 180;
    const north = latitudeOf(y * TILE, z);
    const south = latitudeOf((y + 1) * TILE, z);
    context.fillStyle = colours.background;
    context.fillRect(0, 0, TILE, TILE);
    context.strokeStyle = colours.line;
    context.fillStyle = colours.text;
    context.font = '11px system-ui, sans-serif';
    context.lineWidth = 1;
    // Labels in every third row and column of tiles, and only where they fit in the tile.
    const label = (text: string, px: number, py: number) => {
      if (px + context.measureText(text).width < TILE - 2 && py > 10) context.fillText(text, px, py);
    };
    for (let lon = Math.ceil(west / step) * step; lon < east; lon += step) {
      const px = Math.round(((lon - west) / (east - west)) * TILE) + 0.5;
      context.beginPath();
      context.moveTo(px, 0);
      context.lineTo(px, TILE);
      context.stroke();
      if (y % 3 === 0) label(gridLabel(lon, step, 'E', 'W'), px + 3, 14);
    }
    for (let lat = Math.ceil(south / step) * step; lat < north; lat += step) {
      const py = Math.round(rowOf(lat, z) - y * TILE) + 0.5;
      context.beginPath();
      context.moveTo(0, py);
      context.lineTo(TILE, py);
      context.stroke();
      if (x % 3 === 0) label(gridLabel(lat, step, 'N', 'S'), 3, py - 3);
    }
    return canvas;
  }
}
