/**
 * The markers of the map's layers, drawn on a canvas: a circle, square, diamond or triangle of
 * the layer's colour with a white edge, centred on the device's position, so every layer reads
 * apart where they mix; and the sensor's own mark, a ringed dot.
 */
import type { UiMarkerShape } from '@svc/core';

/** Half the width of a marker, in CSS pixels. */
export const MARKER_RADIUS = 6;

/** Traces a shape of half-width `r` centred at `x`, `y`. */
function trace(context: CanvasRenderingContext2D, shape: UiMarkerShape, x: number, y: number, r: number): void {
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
export function drawMarker(context: CanvasRenderingContext2D, shape: UiMarkerShape, colour: string, x: number, y: number, selected: boolean): void {
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
export function drawSensor(context: CanvasRenderingContext2D, x: number, y: number): void {
  for (const [radius, colour] of [[9, '#111827'], [7, '#ffffff'], [4, '#111827']] as const) {
    context.beginPath();
    context.arc(x, y, radius, 0, Math.PI * 2);
    context.fillStyle = colour;
    context.fill();
  }
}
