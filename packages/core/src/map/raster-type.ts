/**
 * Which image a tile is, from its first bytes: a tile route answers with the right content type
 * whatever an archive's metadata claims, and an archive of vector tiles is refused at start
 * rather than served as pictures the browser cannot draw.
 */
import type { RasterTileType } from './tile-archive.js';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);

/** The image type of a tile's bytes, or undefined when they are no PNG, JPEG or WebP. */
export function sniffRasterType(bytes: Uint8Array): RasterTileType | undefined {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return undefined;
}

/** The image type an MBTiles `format` names (`png`, `jpg`, `webp`), or undefined for anything else (`pbf`). */
export function rasterTypeOfFormat(format: string): RasterTileType | undefined {
  switch (format.toLowerCase()) {
    case 'png':
      return 'image/png';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'webp':
      return 'image/webp';
    default:
      return undefined;
  }
}
