/**
 * What the map's marker canvas shows, already placed in the canvas's pixels: cluster badges,
 * tracks with the colour of each stretch, companion places, the sensor's track and mark, and
 * the markers, in the order they are painted. The main thread works it out (only it knows
 * where Leaflet puts a position) and the painter, in a worker where the browser allows it,
 * turns it into pixels; so it is plain data, copied between threads as it is.
 */
import type { UiMarkerShape } from '@svc/core';
import { drawCluster, drawMarker, drawSensor, MARKER_RADIUS, type PaintContext } from './marker-shapes';

/** A marker at a place in the canvas. */
export interface PlacedMarker {
  readonly x: number;
  readonly y: number;
  readonly shape: UiMarkerShape;
  readonly colour: string;
}

/** A picture of the canvas. Coordinates are CSS pixels from the map's top left corner. */
export interface MarkerPicture {
  /** The canvas, map and margin, in CSS pixels, and device pixels to a CSS pixel. */
  readonly width: number;
  readonly height: number;
  readonly ratio: number;
  /** The margin: where the map's top left corner is in the canvas. */
  readonly marginX: number;
  readonly marginY: number;
  readonly clusters: readonly { readonly x: number; readonly y: number; readonly text: string }[];
  /** Each track as `[x0, y0, x1, y1, …]` with the colour of each stretch between two points. */
  readonly tracks: readonly { readonly points: readonly number[]; readonly colours: readonly string[] }[];
  /** Companion places joined to their device's marker. */
  readonly companions: readonly { readonly x: number; readonly y: number; readonly deviceX: number; readonly deviceY: number; readonly colour: string }[];
  /** The sensor's track as `[x0, y0, x1, y1, …]`. */
  readonly sensorTrack: readonly number[];
  readonly markers: readonly PlacedMarker[];
  /** The open device's marker, painted over the others with a ring. */
  readonly selected?: PlacedMarker;
  readonly sensor?: { readonly x: number; readonly y: number };
}

/** Gives a canvas the device pixels of a picture. */
export function sizeCanvas(canvas: HTMLCanvasElement | OffscreenCanvas, picture: MarkerPicture): void {
  const width = Math.round(picture.width * picture.ratio);
  const height = Math.round(picture.height * picture.ratio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

/** Paints a picture on a context whose canvas already has the picture's size. */
export function paintPicture(context: PaintContext, picture: MarkerPicture): void {
  const { ratio, marginX, marginY } = picture;
  context.setTransform(ratio, 0, 0, ratio, marginX * ratio, marginY * ratio);
  context.clearRect(-marginX, -marginY, picture.width, picture.height);
  for (const cluster of picture.clusters) drawCluster(context, cluster.text, cluster.x, cluster.y);
  context.lineWidth = 2.5;
  context.lineCap = 'round';
  for (const { points, colours } of picture.tracks) {
    for (let index = 0; index < colours.length; index++) {
      context.beginPath();
      context.moveTo(points[2 * index]!, points[2 * index + 1]!);
      context.lineTo(points[2 * index + 2]!, points[2 * index + 3]!);
      context.strokeStyle = colours[index]!;
      context.stroke();
    }
  }
  for (const companion of picture.companions) paintCompanion(context, companion);
  if (picture.sensorTrack.length > 2) {
    context.beginPath();
    context.moveTo(picture.sensorTrack[0]!, picture.sensorTrack[1]!);
    for (let index = 2; index < picture.sensorTrack.length; index += 2) context.lineTo(picture.sensorTrack[index]!, picture.sensorTrack[index + 1]!);
    context.setLineDash([6, 4]);
    context.lineWidth = 2.5;
    context.strokeStyle = '#111827';
    context.stroke();
    context.setLineDash([]);
  }
  for (const marker of picture.markers) drawMarker(context, marker.shape, marker.colour, marker.x, marker.y, false);
  const selected = picture.selected;
  if (selected) drawMarker(context, selected.shape, selected.colour, selected.x, selected.y, true);
  if (picture.sensor) drawSensor(context, picture.sensor.x, picture.sensor.y);
}

/** A companion place (a drone's operator): a small ring of the layer's colour, joined to the device's marker by a dashed line. */
function paintCompanion(context: PaintContext, companion: MarkerPicture['companions'][number]): void {
  context.beginPath();
  context.moveTo(companion.x, companion.y);
  context.lineTo(companion.deviceX, companion.deviceY);
  context.setLineDash([4, 4]);
  context.lineWidth = 1.5;
  context.strokeStyle = companion.colour;
  context.stroke();
  context.setLineDash([]);
  context.beginPath();
  context.arc(companion.x, companion.y, MARKER_RADIUS - 1, 0, 2 * Math.PI);
  context.fillStyle = '#ffffff';
  context.fill();
  context.lineWidth = 2.5;
  context.stroke();
}
