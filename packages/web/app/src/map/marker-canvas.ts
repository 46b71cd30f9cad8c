/**
 * The devices drawn one by one, their tracks, the server's clusters and the sensor, on one
 * canvas over the map (and a margin around it), so a screen of them is one layer for the
 * browser to move rather than hundreds of elements: while the map is dragged, glides or animates a zoom, the drawing is only
 * moved and scaled with it (a transform the compositor applies, no drawing and no new bitmap
 * per frame), and it is drawn afresh when the server's answer for where the map stopped comes. Clicks and hovers find the device or
 * cluster under the pointer here (the one whose centre is nearest), from the positions of the
 * last drawing, since the shapes are pixels, not elements.
 */
import * as L from 'leaflet';
import type { UiMarkerShape } from '@svc/core';
import { count } from '../format';
import { altitudeColour } from './altitude-colour';
import type { MapClusterData, MapPointData, TrackPoint } from './map-feed';
import { clusterRadius, drawCluster, drawMarker, drawSensor, MARKER_RADIUS } from './marker-shapes';

/** How a layer's devices are drawn. */
export interface LayerStyle {
  readonly colour: string;
  readonly shape: UiMarkerShape;
  readonly altitude?: 'feet' | 'metres';
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

/** How far beyond each side of the map the canvas draws, as a share of the map's size: a pan shows what is there until the next drawing. */
const PADDING = 0.2;

/** The canvas layer of a map. */
export class MarkerCanvas {
  readonly #map: L.Map;
  readonly #canvas = document.createElement('canvas');
  readonly #context: CanvasRenderingContext2D;
  #scene: MarkerScene = EMPTY;
  /** Where the map was when the canvas was drawn, and the shapes drawn then. */
  #drawn: { center: L.LatLng; zoom: number; shapes: Drawn[] } | undefined;
  /** The transform the canvas is shown with since: scale, then shift. */
  #shown = { scale: 1, x: 0, y: 0 };
  readonly #redraw = () => this.draw();
  readonly #follow = () => this.#followTo(this.#map.getCenter(), this.#map.getZoom());
  readonly #animate = (event: L.ZoomAnimEvent) => this.#followTo(event.center, event.zoom);

  constructor(map: L.Map) {
    this.#map = map;
    this.#canvas.className = 'map-markers leaflet-zoom-animated';
    this.#context = this.#canvas.getContext('2d')!;
    map.getContainer().appendChild(this.#canvas);
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
    this.#canvas.remove();
  }

  /** Draws the scene at the map's current position, over the map and a margin around it. */
  draw(): void {
    const map = this.#map;
    const size = map.getSize();
    const pad = size.multiplyBy(PADDING).round();
    const width = size.x + 2 * pad.x;
    const height = size.y + 2 * pad.y;
    const ratio = devicePixelRatio || 1;
    const canvas = this.#canvas;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      Object.assign(canvas.style, { width: `${width}px`, height: `${height}px`, left: `${-pad.x}px`, top: `${-pad.y}px`, transformOrigin: `${pad.x}px ${pad.y}px` });
    }
    this.#setTransform(1, 0, 0);
    const { points, clusters, tracks, companions, styles, other, sensor, sensorTrack, selected } = this.#scene;
    const at = (lat: number, lon: number) => map.latLngToContainerPoint([lat, lon]);
    const visible = (p: L.Point, margin: number) => p.x > -pad.x - margin && p.y > -pad.y - margin && p.x < size.x + pad.x + margin && p.y < size.y + pad.y + margin;
    const context = this.#context;
    context.setTransform(ratio, 0, 0, ratio, pad.x * ratio, pad.y * ratio);
    context.clearRect(-pad.x, -pad.y, width, height);
    const shapes: Drawn[] = [];
    for (const cluster of clusters) {
      const p = at(cluster.lat, cluster.lon);
      const written = count(cluster.count);
      if (!visible(p, clusterRadius(written))) continue;
      drawCluster(context, written, p.x, p.y);
      shapes.push({ x: p.x, y: p.y, reach: clusterRadius(written), hit: { cluster } });
    }
    const styleOf = (point: MapPointData) => styles[point.layer] ?? other;
    const projected = points.map((point) => at(point.lat, point.lon));
    points.forEach((point, index) => {
      const track = tracks.get(point.key);
      if (track?.length) this.#drawTrack(track, projected[index]!, styleOf(point));
      const companion = companions.get(point.key);
      if (companion) this.#drawCompanion(at(companion[0], companion[1]), projected[index]!, styleOf(point));
    });
    if (sensorTrack.length > 1) {
      context.beginPath();
      sensorTrack.forEach(([lat, lon], index) => {
        const p = at(lat, lon);
        if (index === 0) context.moveTo(p.x, p.y);
        else context.lineTo(p.x, p.y);
      });
      context.setLineDash([6, 4]);
      context.lineWidth = 2.5;
      context.strokeStyle = '#111827';
      context.stroke();
      context.setLineDash([]);
    }
    let chosen = -1;
    points.forEach((point, index) => {
      const p = projected[index]!;
      if (!visible(p, MARKER_RADIUS * 3)) return;
      const style = styleOf(point);
      drawMarker(context, style.shape, style.colour, p.x, p.y, false);
      shapes.push({ x: p.x, y: p.y, reach: MARKER_RADIUS + 3, hit: { point } });
      if (point.key === selected) chosen = index;
    });
    if (chosen >= 0) {
      const style = styleOf(points[chosen]!);
      drawMarker(context, style.shape, style.colour, projected[chosen]!.x, projected[chosen]!.y, true);
    }
    if (sensor) {
      const p = at(sensor.lat, sensor.lon);
      drawSensor(context, p.x, p.y);
    }
    this.#drawn = { center: map.getCenter(), zoom: map.getZoom(), shapes };
  }

  /** A track as a line to the device's marker, coloured by altitude for a layer that says so. */
  #drawTrack(track: readonly TrackPoint[], end: L.Point, style: LayerStyle): void {
    const context = this.#context;
    const points = track.map(([, lat, lon]) => this.#map.latLngToContainerPoint([lat, lon]));
    points.push(end);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    for (let index = 1; index < points.length; index++) {
      const altitude = track[Math.min(index, track.length - 1)]![3];
      context.beginPath();
      context.moveTo(points[index - 1]!.x, points[index - 1]!.y);
      context.lineTo(points[index]!.x, points[index]!.y);
      context.strokeStyle = style.altitude && altitude !== undefined ? altitudeColour(altitude, style.altitude) : style.colour;
      context.stroke();
    }
  }

  /** A companion place (a drone's operator): a small ring of the layer's colour, joined to the device's marker by a dashed line. */
  #drawCompanion(place: L.Point, device: L.Point, style: LayerStyle): void {
    const context = this.#context;
    context.beginPath();
    context.moveTo(place.x, place.y);
    context.lineTo(device.x, device.y);
    context.setLineDash([4, 4]);
    context.lineWidth = 1.5;
    context.strokeStyle = style.colour;
    context.stroke();
    context.setLineDash([]);
    context.beginPath();
    context.arc(place.x, place.y, MARKER_RADIUS - 1, 0, 2 * Math.PI);
    context.fillStyle = '#ffffff';
    context.fill();
    context.lineWidth = 2.5;
    context.stroke();
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
