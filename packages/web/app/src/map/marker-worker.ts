/**
 * The worker that paints the map's marker canvas (marker-painter.ts): it is given the canvas
 * once, then paints each picture it is sent and says so; the browser shows the canvas's new
 * frame when the paint ends, without the page's main thread.
 */
import { paintPicture, sizeCanvas, type MarkerPicture } from './marker-picture';

/** What the page sends: the canvas, then pictures, each with a number. */
export type PaintMessage = { readonly canvas: OffscreenCanvas } | { readonly picture: MarkerPicture; readonly id: number };
/** What the worker answers: the number of the picture it painted. */
export interface PaintedMessage {
  readonly painted: number;
}

/** The worker's side of messaging (the app's types are the page's, not a worker's). */
const scope = self as unknown as { onmessage: ((event: MessageEvent<PaintMessage>) => void) | null; postMessage(message: PaintedMessage): void };
let context: OffscreenCanvasRenderingContext2D | undefined;

scope.onmessage = ({ data }) => {
  if ('canvas' in data) {
    context = data.canvas.getContext('2d')!;
    return;
  }
  if (!context) return;
  sizeCanvas(context.canvas, data.picture);
  paintPicture(context, data.picture);
  scope.postMessage({ painted: data.id });
};
