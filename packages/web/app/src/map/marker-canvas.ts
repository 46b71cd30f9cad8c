/**
 * The devices drawn one by one, their tracks, the server's clusters and the sensor, on one
 * canvas over the map (and a margin around it), so a screen of them is one layer for the
 * browser to move rather than hundreds of elements: while the map is dragged, glides or animates a zoom, the drawing is only
 * moved and scaled with it (a transform the compositor applies, no drawing and no new bitmap
 * per frame), and it is drawn afresh when the server's answer for where the map stopped comes.
 * Here the scene is placed in the canvas's pixels (a picture, marker-picture.ts); a worker
 * paints it where the browser allows (marker-painter.ts). Clicks and hovers find the device or
 * cluster under the pointer here (the one whose centre is nearest), from the positions of the
 * drawing shown, since the shapes are pixels, not elements.
 */
import * as L from 'leaflet';
import type { UiMarkerShape } from '@svc/core';
import { count } from '../format';
import { altitudeColour, type AltitudeUnit } from './altitude-colour';
import type { MapClusterData, MapPointData, TrackPoint } from './map-feed';
import { markerPainter, type MarkerPainter } from './marker-painter';
import type { MarkerPicture, PlacedMarker } from './marker-picture';
import { clusterRadius, MARKER_RADIUS } from './marker-shapes';

/** How a layer's devices are drawn. */
export interface LayerStyle {
  readonly colour: string;
  readonly shape: UiMarkerShape;
  readonly altitude?: AltitudeUnit;
}

/** Everything the canvas draws. */
export interface MarkerScene {
  readonly points: readonly MapPointData[];
  readonly clusters: readonly MapClusterData[];
  readonly tracks: ReadonlyMap<string, readonly TrackPoint[]>;
  /** Companion places (a drone's operator) by device key, `[lat, lon]`. */
  readonly companions: ReadonlyMap<string, readonly [number, number]>;
  /** Styles by layer number; `other` for devices of no layer. */
  readonly styles: readonly LayerStyle[];
  readonly other: LayerStyle;
  readonly sensor?: { readonly lat: number; readonly lon: number };
  readonly sensorTrack: readonly (readonly [number, number])[];
  /** The device whose detail is open. */
  readonly selected?: string;
}

/** What is under the pointer. */
export type MarkerHit = { readonly point: MapPointData; readonly cluster?: undefined } | { readonly cluster: MapClusterData; readonly point?: undefined };

/** A shape as drawn: its centre in container pixels then, and how far from it a pointer hits it. */
interface Drawn {
  readonly x: number;
  readonly y: number;
  readonly reach: number;
  readonly hit: MarkerHit;
}

const EMPTY: MarkerScene = { points: [], clusters: [], tracks: new Map(), companions: new Map(), styles: [], other: { colour: '#000', shape: 'circle' }, sensorTrack: [] };

/**
 * How far beyond each side of the map the canvas reaches, in pixels: enough for the badge or
 * marker of a device just outside to show its edge, as the server's answer holds only what is
 * inside the map. Every pixel of the canvas is painted and handed to the compositor again for
 * each drawing, so it is no wider than that.
 */
const MARGIN = 32;

/** A list being filled. */
type Mutable<List extends readonly unknown[]> = List[number][];

/** Where the map was when a picture was made, and the shapes in it. */
interface Drawing {
  readonly center: L.LatLng;
  readonly zoom: number;
  readonly shapes: readonly Drawn[];
}

/** The canvas layer of a map. */
export class MarkerCanvas {
  readonly #map: L.Map;
  readonly #canvas = document.createElement('canvas');
  readonly #painter: MarkerPainter;
  #scene: MarkerScene = EMPTY;
  /** The drawing on the canvas (what hits are found in), and the one being painted. */
  #drawn: Drawing | undefined;
  #painting: Drawing | undefined;
  /** The transform the canvas is shown with since: scale, then shift. */
  #shown = { scale: 1, x: 0, y: 0 };
  readonly #redraw = () => {
    if (this.#scene !== EMPTY) this.draw();
  };
  readonly #follow = () => this.#followTo(this.#map.getCenter(), this.#map.getZoom());
  readonly #animate = (event: L.ZoomAnimEvent) => this.#followTo(event.center, event.zoom);

  constructor(map: L.Map) {
    this.#map = map;
    this.#canvas.className = 'map-markers leaflet-zoom-animated';
    map.getContainer().appendChild(this.#canvas);
    this.#painter = markerPainter(this.#canvas);
    map.on('viewreset resize', this.#redraw);
    map.on('move zoom', this.#follow);
    map.on('zoomanim', this.#animate);
  }

  /** Draws a new scene. */
  show(scene: MarkerScene): void {
    this.#scene = scene;
    this.draw();
  }

  /** Whether the drawing is shown moved or scaled since it was drawn (the map moved). */
  get moved(): boolean {
    const { scale, x, y } = this.#shown;
    return scale !== 1 || x !== 0 || y !== 0;
  }

  /** The device or cluster under a point of the map's container: of those it touches, the one whose centre is nearest. */
  hitAt(at: L.Point): MarkerHit | undefined {
    const drawn = this.#drawn;
    if (!drawn) return undefined;
    const { scale, x, y } = this.#shown;
    const px = (at.x - x) / scale;
    const py = (at.y - y) / scale;
    let best: Drawn | undefined;
    let bestDistance = Infinity;
    for (const shape of drawn.shapes) {
      const distance = Math.hypot(shape.x - px, shape.y - py);
      if (distance <= shape.reach / scale && distance < bestDistance) {
        best = shape;
        bestDistance = distance;
      }
    }
    return best?.hit;
  }

  /** Removes the canvas from the map. */
  remove(): void {
    this.#map.off('viewreset resize', this.#redraw);
    this.#map.off('move zoom', this.#follow);
    this.#map.off('zoomanim', this.#animate);
    this.#painter.close();
    this.#canvas.remove();
  }

  /**
   * Draws the scene at the map's current position, over the map and a margin around it. The
   * canvas goes on showing the drawing before, moved with the map, until the new one is painted.
   */
  draw(): void {
    const map = this.#map;
    const size = map.getSize();
    const margin = L.point(MARGIN, MARGIN);
    const width = size.x + 2 * margin.x;
    const height = size.y + 2 * margin.y;
    const style = this.#canvas.style;
    if (style.width !== `${width}px` || style.height !== `${height}px`) {
      Object.assign(style, { width: `${width}px`, height: `${height}px`, left: `${-margin.x}px`, top: `${-margin.y}px`, transformOrigin: `${margin.x}px ${margin.y}px` });
    }
    const { points, clusters, tracks, companions, styles, other, sensor, sensorTrack, selected } = this.#scene;
    const at = (lat: number, lon: number) => map.latLngToContainerPoint([lat, lon]);
    const visible = (p: L.Point, reach: number) => p.x > -margin.x - reach && p.y > -margin.y - reach && p.x < size.x + margin.x + reach && p.y < size.y + margin.y + reach;
    const shapes: Drawn[] = [];
    const placedClusters: Mutable<MarkerPicture['clusters']> = [];
    for (const cluster of clusters) {
      const p = at(cluster.lat, cluster.lon);
      const text = count(cluster.count);
      if (!visible(p, clusterRadius(text))) continue;
      placedClusters.push({ x: p.x, y: p.y, text });
      shapes.push({ x: p.x, y: p.y, reach: clusterRadius(text), hit: { cluster } });
    }
    const styleOf = (point: MapPointData) => styles[point.layer] ?? other;
    const projected = points.map((point) => at(point.lat, point.lon));
    const placedTracks: Mutable<MarkerPicture['tracks']> = [];
    const placedCompanions: Mutable<MarkerPicture['companions']> = [];
    points.forEach((point, index) => {
      const end = projected[index]!;
      const track = tracks.get(point.key);
      if (track?.length) placedTracks.push(this.#placeTrack(track, end, styleOf(point)));
      const companion = companions.get(point.key);
      if (companion) {
        const place = at(companion[0], companion[1]);
        placedCompanions.push({ x: place.x, y: place.y, deviceX: end.x, deviceY: end.y, colour: styleOf(point).colour });
      }
    });
    const markers: PlacedMarker[] = [];
    let chosen: PlacedMarker | undefined;
    points.forEach((point, index) => {
      const p = projected[index]!;
      if (!visible(p, MARKER_RADIUS * 3)) return;
      const { shape, colour } = styleOf(point);
      const marker: PlacedMarker = { x: p.x, y: p.y, shape, colour };
      markers.push(marker);
      shapes.push({ x: p.x, y: p.y, reach: MARKER_RADIUS + 3, hit: { point } });
      if (point.key === selected) chosen = marker;
    });
    const sensorAt = sensor && at(sensor.lat, sensor.lon);
    const picture: MarkerPicture = {
      width,
      height,
      ratio: devicePixelRatio || 1,
      marginX: margin.x,
      marginY: margin.y,
      clusters: placedClusters,
      tracks: placedTracks,
      companions: placedCompanions,
      sensorTrack: sensorTrack.length > 1 ? sensorTrack.flatMap(([lat, lon]) => {
        const p = at(lat, lon);
        return [p.x, p.y];
      }) : [],
      markers,
      selected: chosen,
      sensor: sensorAt && { x: sensorAt.x, y: sensorAt.y },
    };
    const drawing: Drawing = { center: map.getCenter(), zoom: map.getZoom(), shapes };
    this.#painting = drawing;
    this.#painter.paint(picture, () => {
      // Only the latest drawing is shown as painted; one overtaken while it was painted is not.
      if (this.#painting !== drawing) return;
      this.#drawn = drawing;
      this.#follow();
    });
  }

  /** A track as a line to the device's marker, each stretch coloured by altitude for a layer that says so. */
  #placeTrack(track: readonly TrackPoint[], end: L.Point, style: LayerStyle): MarkerPicture['tracks'][number] {
    const points = track.flatMap(([, lat, lon]) => {
      const p = this.#map.latLngToContainerPoint([lat, lon]);
      return [p.x, p.y];
    });
    points.push(end.x, end.y);
    const colours = track.map((_, index) => {
      const altitude = track[Math.min(index + 1, track.length - 1)]![3];
      return style.altitude && altitude !== undefined ? altitudeColour(altitude, style.altitude) : style.colour;
    });
    return { points, colours };
  }

  /**
   * Moves and scales the drawing as the map moves (a drag, a glide, a zoom animation) without
   * drawing it again: what was drawn at the drawn centre and zoom is shown where the map now
   * puts it, until the map stops and the canvas is drawn afresh.
   */
  #followTo(center: L.LatLng, zoom: number): void {
    const drawn = this.#drawn;
    if (!drawn) return;
    const map = this.#map;
    const scale = map.getZoomScale(zoom, drawn.zoom);
    const half = map.getSize().divideBy(2);
    const offset = map.project(drawn.center, zoom).subtract(map.project(center, zoom)).add(half).subtract(half.multiplyBy(scale));
    this.#setTransform(scale, offset.x, offset.y);
  }

  #setTransform(scale: number, x: number, y: number): void {
    this.#shown = { scale, x, y };
    this.#canvas.style.transform = scale === 1 && x === 0 && y === 0 ? '' : `translate(${x}px, ${y}px) scale(${scale})`;
  }
}
