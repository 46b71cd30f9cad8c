/**
 * The devices drawn one by one, their tracks and the sensor, on one canvas over the map: every
 * frame the map moves it is drawn again from the positions (a few thousand shapes take a
 * millisecond or two), and while the map animates a zoom the canvas is scaled along with the
 * tiles, then drawn afresh at the new zoom. Clicks and hovers find the device under the
 * pointer here, since the shapes are pixels, not elements.
 */
import * as L from 'leaflet';
import type { UiMarkerShape } from '@svc/core';
import { altitudeColour } from './altitude-colour';
import type { MapPointData, TrackPoint } from './map-feed';
import { drawMarker, drawSensor, MARKER_RADIUS } from './marker-shapes';

/** How a layer's devices are drawn. */
export interface LayerStyle {
  readonly colour: string;
  readonly shape: UiMarkerShape;
  readonly altitude?: 'feet' | 'metres';
}

/** Everything the canvas draws. */
export interface MarkerScene {
  readonly points: readonly MapPointData[];
  readonly tracks: ReadonlyMap<string, readonly TrackPoint[]>;
  /** Styles by layer number; `other` for devices of no layer. */
  readonly styles: readonly LayerStyle[];
  readonly other: LayerStyle;
  readonly sensor?: { readonly lat: number; readonly lon: number };
  readonly sensorTrack: readonly (readonly [number, number])[];
  /** The device whose detail is open. */
  readonly selected?: string;
}

const EMPTY: MarkerScene = { points: [], tracks: new Map(), styles: [], other: { colour: '#000', shape: 'circle' }, sensorTrack: [] };

/** The canvas layer of a map. */
export class MarkerCanvas {
  readonly #map: L.Map;
  readonly #canvas = document.createElement('canvas');
  readonly #context: CanvasRenderingContext2D;
  #scene: MarkerScene = EMPTY;
  #drawnAt: { center: L.LatLng; zoom: number } | undefined;
  readonly #redraw = () => this.draw();
  readonly #animate = (event: L.ZoomAnimEvent) => this.#zoomAnimation(event);

  constructor(map: L.Map) {
    this.#map = map;
    this.#canvas.className = 'map-markers leaflet-zoom-animated';
    this.#context = this.#canvas.getContext('2d')!;
    map.getContainer().appendChild(this.#canvas);
    map.on('move zoom viewreset resize', this.#redraw);
    map.on('zoomanim', this.#animate);
  }

  /** Draws a new scene. */
  show(scene: MarkerScene): void {
    this.#scene = scene;
    this.draw();
  }

  /** The device drawn under a point of the map's container, topmost first. */
  pointAt(at: L.Point): MapPointData | undefined {
    const points = this.#scene.points;
    for (let index = points.length - 1; index >= 0; index--) {
      const point = points[index]!;
      if (this.#map.latLngToContainerPoint([point.lat, point.lon]).distanceTo(at) <= MARKER_RADIUS + 3) return point;
    }
    return undefined;
  }

  /** Removes the canvas from the map. */
  remove(): void {
    this.#map.off('move zoom viewreset resize', this.#redraw);
    this.#map.off('zoomanim', this.#animate);
    this.#canvas.remove();
  }

  /** Draws the scene at the map's current position. */
  draw(): void {
    const size = this.#map.getSize();
    const ratio = devicePixelRatio || 1;
    if (this.#canvas.width !== Math.round(size.x * ratio) || this.#canvas.height !== Math.round(size.y * ratio)) {
      this.#canvas.width = Math.round(size.x * ratio);
      this.#canvas.height = Math.round(size.y * ratio);
      this.#canvas.style.width = `${size.x}px`;
      this.#canvas.style.height = `${size.y}px`;
    }
    this.#canvas.style.transform = '';
    this.#drawnAt = { center: this.#map.getCenter(), zoom: this.#map.getZoom() };
    const context = this.#context;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size.x, size.y);
    const { points, tracks, styles, other, sensor, sensorTrack, selected } = this.#scene;
    const at = (lat: number, lon: number) => this.#map.latLngToContainerPoint([lat, lon]);
    const styleOf = (point: MapPointData) => styles[point.layer] ?? other;
    for (const point of points) {
      const track = tracks.get(point.key);
      if (track?.length) this.#drawTrack(track, at(point.lat, point.lon), styleOf(point));
    }
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
    const margin = MARKER_RADIUS * 3;
    let chosen: { point: MapPointData; x: number; y: number } | undefined;
    for (const point of points) {
      const p = at(point.lat, point.lon);
      if (p.x < -margin || p.y < -margin || p.x > size.x + margin || p.y > size.y + margin) continue;
      const style = styleOf(point);
      drawMarker(context, style.shape, style.colour, p.x, p.y, false);
      if (point.key === selected) chosen = { point, x: p.x, y: p.y };
    }
    if (chosen) drawMarker(context, styleOf(chosen.point).shape, styleOf(chosen.point).colour, chosen.x, chosen.y, true);
    if (sensor) {
      const p = at(sensor.lat, sensor.lon);
      drawSensor(context, p.x, p.y);
    }
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

  /** Scales the drawing with a zoom animation: the canvas moves as the tiles do until it is drawn afresh. */
  #zoomAnimation(event: L.ZoomAnimEvent): void {
    const drawn = this.#drawnAt;
    if (!drawn) return;
    const map = this.#map;
    const scale = map.getZoomScale(event.zoom, drawn.zoom);
    const half = map.getSize().divideBy(2);
    const offset = map.project(drawn.center, event.zoom).subtract(map.project(event.center, event.zoom)).add(half).subtract(half.multiplyBy(scale));
    this.#canvas.style.transform = `translate(${offset.x}px, ${offset.y}px) scale(${scale})`;
  }
}
