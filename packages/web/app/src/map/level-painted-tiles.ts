/**
 * Tiles painted into their zoom level's layer rather than each being a compositor layer of its
 * own. Leaflet places every tile with a 3D transform, and a 3D transform makes an element its own
 * layer: at every frame of a drag or a zoom animation the page then commits, and the compositor
 * draws, dozens of layers (without a GPU, all on the CPU the page's main thread needs too), and
 * where they meet at fractional pixels seams open between them. Placed at the same position with
 * `left` and `top`, a tile is painted once into its level, which alone moves and scales with the
 * map, as one picture.
 */
import * as L from 'leaflet';

/** Makes `layer`'s tiles paint into their level as they are added; returns the layer. */
export function paintTilesIntoLevel<Layer extends L.GridLayer>(layer: Layer): Layer {
  layer.on('tileloadstart', ({ tile }: L.TileEvent) => {
    const at = L.DomUtil.getPosition(tile);
    tile.style.transform = '';
    tile.style.left = `${at.x}px`;
    tile.style.top = `${at.y}px`;
  });
  return layer;
}
