/// <reference lib="dom" />
/**
 * What the map test reads off the screen, independently of the app: a screenshot of the map
 * as pixels (decoded by Chromium's own PNG decoder), where a position must appear given the
 * map's centre and zoom (the test's own Web Mercator, written apart from Leaflet's and
 * svc's), which tile covers a pixel, and where a colour's patch is centred near a point.
 */
import type { Page } from 'playwright-core';

/** The map's pixels: RGB at a pixel of the map element. */
export interface MapPixels {
  readonly width: number;
  readonly height: number;
  rgb(x: number, y: number): [number, number, number];
}

/** A screenshot of the map element, as pixels. */
export async function mapPixels(page: Page): Promise<MapPixels> {
  const png = await page.locator('[data-testid=map]').screenshot();
  // In the page, with no named functions (tsx would wrap them in a helper the page lacks).
  const decoded = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d', { colorSpace: 'srgb' })!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    let text = '';
    for (let at = 0; at < data.length; at += 0x8000) text += String.fromCharCode(...data.subarray(at, at + 0x8000));
    return { width: image.width, height: image.height, rgba: btoa(text) };
  }, png.toString('base64'));
  const rgba = Buffer.from(decoded.rgba, 'base64');
  return {
    width: decoded.width,
    height: decoded.height,
    rgb: (x, y) => {
      const at = (Math.round(y) * decoded.width + Math.round(x)) * 4;
      return [rgba[at]!, rgba[at + 1]!, rgba[at + 2]!];
    },
  };
}

/** A map's centre and zoom, as the page's `at` parameter gives them. */
export interface MapCentre {
  readonly lat: number;
  readonly lon: number;
  readonly zoom: number;
}

/** The map's centre and zoom from the page's URL. */
export function centreOf(page: Page): MapCentre {
  const at = new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get('at');
  const [lat, lon, zoom] = (at ?? '').split(',').map(Number);
  if (![lat, lon, zoom].every(Number.isFinite)) throw new Error(`the page's URL has no map place: ${page.url()}`);
  return { lat: lat!, lon: lon!, zoom: zoom! };
}

/** Web Mercator world pixel (256-pixel tiles) of a position: tan form, as the slippy map wiki writes it. */
export function worldPixel(lat: number, lon: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const phi = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * size, ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size];
}

/** Where a position appears in a map of `width` x `height` pixels centred as `centre` says. */
export function screenPixel(lat: number, lon: number, centre: MapCentre, width: number, height: number): [number, number] {
  const [x, y] = worldPixel(lat, lon, centre.zoom);
  const [cx, cy] = worldPixel(centre.lat, centre.lon, centre.zoom);
  return [x - cx + width / 2, y - cy + height / 2];
}

/** The tile (zoom, column, row from the north) under a map pixel, and the pixel's place in it. */
export function tileAt(px: number, py: number, centre: MapCentre, width: number, height: number): { z: number; x: number; y: number; inX: number; inY: number } {
  const [cx, cy] = worldPixel(centre.lat, centre.lon, centre.zoom);
  const wx = cx - width / 2 + px;
  const wy = cy - height / 2 + py;
  return { z: centre.zoom, x: Math.floor(wx / 256), y: Math.floor(wy / 256), inX: wx % 256, inY: wy % 256 };
}

/** The centre of the pixels of exactly `colour` within `radius` of a point, or undefined when there are none. */
export function patchCentre(pixels: MapPixels, colour: readonly [number, number, number], near: readonly [number, number], radius: number): [number, number] | undefined {
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (let y = Math.max(0, Math.floor(near[1] - radius)); y <= Math.min(pixels.height - 1, Math.ceil(near[1] + radius)); y++) {
    for (let x = Math.max(0, Math.floor(near[0] - radius)); x <= Math.min(pixels.width - 1, Math.ceil(near[0] + radius)); x++) {
      const [r, g, b] = pixels.rgb(x, y);
      if (r === colour[0] && g === colour[1] && b === colour[2]) {
        sumX += x;
        sumY += y;
        count++;
      }
    }
  }
  return count ? [sumX / count + 0.5, sumY / count + 0.5] : undefined;
}
