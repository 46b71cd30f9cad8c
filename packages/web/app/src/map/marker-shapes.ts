/**
 * The markers of the map's layers, drawn on a canvas: a circle, square, diamond or triangle of
 * the layer's colour with a white edge, centred on the device's position, so every layer reads
 * apart where they mix; a cluster's badge, a blue disc with its count, as wide as the count
 * needs; and the sensor's own mark, a ringed dot.
 */
import type { UiMarkerShape } from '@svc/core';

/** The 2D contexts the shapes are drawn on: a page's canvas, or one handed to a worker. */
export type PaintContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Half the width of a marker, in CSS pixels. */
export const MARKER_RADIUS = 6;

/** Traces a shape of half-width `r` centred at `x`, `y`. */
function trace(context: PaintContext, shape: UiMarkerShape, x: number, y: number, r: number): void {
  context.beginPath();
  switch (shape) {
    case 'square':
      context.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
      break;
    case 'diamond':
      context.moveTo(x, y - r * 1.15);
      context.lineTo(x + r * 1.15, y);
      context.lineTo(x, y + r * 1.15);
      context.lineTo(x - r * 1.15, y);
      context.closePath();
      break;
    case 'triangle':
      context.moveTo(x, y - r * 1.2);
      context.lineTo(x + r * 1.1, y + r * 0.8);
      context.lineTo(x - r * 1.1, y + r * 0.8);
      context.closePath();
      break;
    default:
      context.arc(x, y, r, 0, Math.PI * 2);
  }
}

/** Draws one marker; `selected` adds a ring around it. */
export function drawMarker(context: PaintContext, shape: UiMarkerShape, colour: string, x: number, y: number, selected: boolean): void {
  trace(context, shape, x, y, MARKER_RADIUS);
  context.fillStyle = colour;
  context.fill();
  context.lineWidth = 1.5;
  context.strokeStyle = '#ffffff';
  context.stroke();
  if (selected) {
    context.beginPath();
    context.arc(x, y, MARKER_RADIUS + 5, 0, Math.PI * 2);
    context.lineWidth = 2.5;
    context.strokeStyle = '#2f6fde';
    context.stroke();
  }
}

/** Draws the sensor's mark: a dark dot in a white ring in a dark ring. */
export function drawSensor(context: PaintContext, x: number, y: number): void {
  for (const [radius, colour] of [[9, '#111827'], [7, '#ffffff'], [4, '#111827']] as const) {
    context.beginPath();
    context.arc(x, y, radius, 0, Math.PI * 2);
    context.fillStyle = colour;
    context.fill();
  }
}

/** The fill of a cluster's badge. */
export const CLUSTER_FILL = '#3b74d9';

/** A cluster badge's radius for its count as written: wide enough for the digits (11 px for 2, 23 px for 2,844). */
export function clusterRadius(written: string): number {
  return Math.round(7 + 3.25 * written.length);
}

/** Draws a cluster's badge: a disc with a white edge and the count in it. */
export function drawCluster(context: PaintContext, written: string, x: number, y: number): void {
  context.beginPath();
  context.arc(x, y, clusterRadius(written), 0, Math.PI * 2);
  context.fillStyle = CLUSTER_FILL;
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.fillStyle = '#ffffff';
  context.font = '600 11px system-ui, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(written, x, y + 0.5);
}
