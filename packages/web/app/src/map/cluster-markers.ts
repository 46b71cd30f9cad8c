/**
 * The server's clusters on the map: a round badge with the count, larger for more devices,
 * as elements Leaflet places and animates with the map. A badge that is still there in the
 * next answer (same place, same count) is kept, so a refresh redraws only what changed.
 * Clicking one zooms into it.
 */
import * as L from 'leaflet';
import { count } from '../format';
import type { MapClusterData } from './map-feed';

/** The badge's diameter: wide enough for the count as written (22 px for 2, 46 px for 2,844). */
function diameter(written: string): number {
  return Math.round(14 + 6.5 * written.length);
}

const identity = (cluster: MapClusterData) => `${cluster.lat.toFixed(7)},${cluster.lon.toFixed(7)},${cluster.count}`;

/** The clusters layer of a map. */
export class ClusterMarkers {
  readonly #group = L.layerGroup();
  #shown = new Map<string, L.Marker>();

  constructor(
    map: L.Map,
    private readonly onOpen: (cluster: MapClusterData) => void,
  ) {
    this.#group.addTo(map);
  }

  /** Shows these clusters instead of the last ones. */
  show(clusters: readonly MapClusterData[]): void {
    const next = new Map<string, L.Marker>();
    for (const cluster of clusters) {
      const id = identity(cluster);
      const kept = this.#shown.get(id);
      if (kept) {
        next.set(id, kept);
        this.#shown.delete(id);
        continue;
      }
      const written = count(cluster.count);
      const size = diameter(written);
      const marker = L.marker([cluster.lat, cluster.lon], {
        icon: L.divIcon({ className: 'map-cluster', html: `<span>${written}</span>`, iconSize: [size, size] }),
        title: `${written} devices: click to zoom in`,
        keyboard: false,
      });
      marker.on('click', () => this.onOpen(cluster));
      this.#group.addLayer(marker);
      marker.getElement()!.dataset.count = String(cluster.count);
      next.set(id, marker);
    }
    for (const marker of this.#shown.values()) this.#group.removeLayer(marker);
    this.#shown = next;
  }

  /** Removes every cluster from the map. */
  remove(): void {
    this.#group.remove();
  }
}
