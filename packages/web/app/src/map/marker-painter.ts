/**
 * Who turns the marker canvas's pictures into pixels. Where the browser can hand a canvas to a
 * worker (`transferControlToOffscreen`), a worker paints it: then neither the painting nor
 * handing the finished bitmap to the compositor (tens of milliseconds for a canvas the size of
 * the map where there is no GPU) holds up the page while the map is dragged or zoomed.
 * Elsewhere the page paints it itself.
 */
import { paintPicture, sizeCanvas, type MarkerPicture } from './marker-picture';
import type { PaintMessage, PaintedMessage } from './marker-worker';

/** Paints a page canvas's pictures. */
export interface MarkerPainter {
  /** Paints a picture; `done` runs once it is on the canvas. */
  paint(picture: MarkerPicture, done: () => void): void;
  /** Stops painting (ends the worker). */
  close(): void;
}

/** The painter of `canvas`: a worker where the browser allows it, else the page. */
export function markerPainter(canvas: HTMLCanvasElement): MarkerPainter {
  if (typeof canvas.transferControlToOffscreen !== 'function' || typeof Worker !== 'function') {
    const context = canvas.getContext('2d')!;
    return {
      paint(picture, done) {
        sizeCanvas(canvas, picture);
        paintPicture(context, picture);
        done();
      },
      close() {},
    };
  }
  const worker = new Worker(new URL('./marker-worker.ts', import.meta.url), { type: 'module', name: 'map markers' });
  const offscreen = canvas.transferControlToOffscreen();
  worker.postMessage({ canvas: offscreen } satisfies PaintMessage, [offscreen]);
  const waiting = new Map<number, () => void>();
  let last = 0;
  worker.onmessage = (event: MessageEvent<PaintedMessage>) => {
    const done = waiting.get(event.data.painted);
    waiting.delete(event.data.painted);
    done?.();
  };
  worker.onerror = (event) => console.error(`the map's marker painter failed: ${event.message}`);
  return {
    paint(picture, done) {
      last++;
      waiting.set(last, done);
      worker.postMessage({ picture, id: last } satisfies PaintMessage);
    },
    close() {
      worker.terminate();
      waiting.clear();
    },
  };
}
