/**
 * Where a map of a given size shows every located device: the place Leaflet's `fitBounds`
 * chooses for their extent (the deepest whole zoom at which the extent, in Web Mercator pixels,
 * fits the map less its padding, centred on the extent), and the box the map then shows. The
 * web app opened with no place in its URL asks the map route for this, so its first answer is
 * already the fitted map's devices instead of an extent the map must fit and ask about again.
 */
import type { MapBox } from './map-query.js';
import { latitudeAt, longitudeAt, mercatorX, mercatorY, worldPixels } from './web-mercator.js';

/** The map a fit is for. */
export interface FitFrame {
  /** The map's size in pixels. */
  readonly width: number;
  readonly height: number;
  /** Pixels kept clear on every side. */
  readonly padding: number;
  /** The deepest zoom the fit may choose (a single device would otherwise be fitted at the deepest of all). */
  readonly maxZoom: number;
}

/** A map's place: its centre and whole zoom. */
export interface MapPlace {
  readonly lat: number;
  readonly lon: number;
  readonly zoom: number;
}

/** Pixels Leaflet may round the map's corner by, so the box answered holds the one it shows. */
const ROUNDING_MARGIN_PIXELS = 1;

/**
 * The place at which `extent` (`[west, south, east, north]`) fits `frame`, as Leaflet fits it:
 * the zoom from the smaller of the two ratios of free pixels to the extent's pixels, snapped to
 * a hundredth before it is floored, between 0 and the frame's deepest.
 */
export function fitPlace(extent: readonly [number, number, number, number], frame: FitFrame): MapPlace {
  const [west, south, east, north] = extent;
  const world = worldPixels(0);
  const extentWidth = mercatorX(east, world) - mercatorX(west, world);
  const extentHeight = mercatorY(south, world) - mercatorY(north, world);
  const scale = Math.min((frame.width - 2 * frame.padding) / extentWidth, (frame.height - 2 * frame.padding) / extentHeight);
  const zoom = Math.max(0, Math.min(frame.maxZoom, Math.floor(Math.round(Math.log2(scale) * 100) / 100)));
  const zoomWorld = worldPixels(zoom);
  const x = (mercatorX(west, zoomWorld) + mercatorX(east, zoomWorld)) / 2;
  const y = (mercatorY(south, zoomWorld) + mercatorY(north, zoomWorld)) / 2;
  return { lat: latitudeAt(y, zoomWorld), lon: longitudeAt(x, zoomWorld), zoom };
}

/** The box a `width` × `height` pixel map shows at `place` (with a pixel to spare on each side), longitudes wrapped. */
export function boxAt(place: MapPlace, width: number, height: number): MapBox {
  const world = worldPixels(place.zoom);
  const x = mercatorX(place.lon, world);
  const y = mercatorY(place.lat, world);
  const halfWidth = width / 2 + ROUNDING_MARGIN_PIXELS;
  const halfHeight = height / 2 + ROUNDING_MARGIN_PIXELS;
  const north = Math.min(90, latitudeAt(y - halfHeight, world));
  const south = Math.max(-90, latitudeAt(y + halfHeight, world));
  if (2 * halfWidth >= world) return { west: -180, south, east: 180, north };
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  return { west: wrap(longitudeAt(x - halfWidth, world)), south, east: wrap(longitudeAt(x + halfWidth, world)), north };
}
