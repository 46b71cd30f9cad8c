/**
 * The map itself: Leaflet with the server's tile source (and a coordinate grid under it once a
 * tile fails, or alone when there are no tiles), the devices
 * of the view and search (clusters as badges, devices one by one on a canvas, with their
 * layer's marker and track), and this sensor's position and track. The map asks the server
 * again for what is inside it whenever it stops moving, whenever the query changes and every
 * two seconds; a click on a device opens it, a click on a cluster zooms into it (or, where
 * devices stand on one spot, lists them).
 */
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { describe } from '../api';
import { count } from '../format';
import { UNIT_SYMBOL } from './altitude-colour';
import { CoordinateGrid } from './grid-layer';
import { MapFeed, type MapClusterData, type MapQuery, type MapSnapshot } from './map-feed';
import { OPENING_PLACE } from './map-head-start';
import { mapHintLines } from './map-hints';
import { OTHER_DEVICES, SENSOR_LAYER_ID, type MapLayer } from './map-layers';
import type { MapPlace } from './map-position';
import { rememberMapSize } from './map-inset';
import { MAP_FIT, requestMap } from './map-request';
import { MarkerCanvas, type MarkerScene } from './marker-canvas';
import { followSensor, type SensorState } from './sensor-feed';
import { loadTileSource, tileLayer } from './tile-source';
import { boxHolds } from './window-box';

/** Deepest zoom of the map (tiles are enlarged past their own). */
const MAX_ZOOM = 22;
/** From this zoom on, a cluster is devices on one spot: a click lists them instead of zooming. */
const LIST_CLUSTER_ZOOM = 18;
/** Devices a cluster's list shows at most. */
const CLUSTER_LIST_LENGTH = 50;
/** How far the pointer may move between press and release for a click (Leaflet's own drag threshold). */
const CLICK_TOLERANCE_PX = 3;
/** How long the map rests before the URL takes its place. */
const URL_AFTER_MS = 300;

/** What the page shows about the map's answer. */
export interface MapSummary {
  readonly located: number;
  /** Undefined until the map's own answer (a provisional one counts a bigger box). */
  readonly inBox: number | undefined;
  readonly points: number;
  readonly clusters: number;
  readonly error: string;
}

/** The map's inputs. */
export interface MapViewProps {
  readonly view: string;
  readonly search: string;
  /** The fields the search looks in, as the device table searches its columns. */
  readonly searchFields: readonly string[];
  /** The layers whose views the server has, in order. */
  readonly layers: readonly MapLayer[];
  /** Ids of layers not drawn (`other`, `sensor` among them). */
  readonly hidden: ReadonlySet<string>;
  readonly selected?: string;
  /** Where to open; undefined to fit the devices. */
  readonly place?: MapPlace;
  onOpen(key: string): void;
  onMoved(place: MapPlace): void;
  onSummary(summary: MapSummary): void;
}

/** The box the map shows, as the server takes it: longitudes wrapped into ±180 (west > east across the antimeridian). */
function boxOf(map: L.Map): [number, number, number, number] {
  const bounds = map.getBounds();
  const south = Math.max(-90, bounds.getSouth());
  const north = Math.min(90, bounds.getNorth());
  if (bounds.getEast() - bounds.getWest() >= 360) return [-180, south, 180, north];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  return [wrap(bounds.getWest()), south, wrap(bounds.getEast()), north];
}

/** What a snapshot draws, as text: equal for two answers that draw the same. */
function snapshotSignature(data: MapSnapshot, query: MapQuery): string {
  const points = data.points.map((point) => `${point.key},${point.lat},${point.lon},${point.layer}`).join(';');
  const clusters = data.clusters.map((cluster) => `${cluster.lat},${cluster.lon},${cluster.count}`).join(';');
  const tracks = [...data.tracks].map(([key, track]) => `${key},${track.length},${track.at(-1)?.join(',')}`).join(';');
  const companions = [...data.companions].map(([key, place]) => `${key},${place.join(',')}`).join(';');
  return `${query.layers.map((layer) => layer.view).join(',')}|${points}|${clusters}|${tracks}|${companions}`;
}

/** The map. */
export function MapView(props: MapViewProps) {
  const element = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const parts = useRef<{ map: L.Map; feed: MapFeed; canvas: MarkerCanvas; snapshot?: { data: MapSnapshot; query: MapQuery }; sensor: SensorState; redraw(): void; ask(keepAnswerInFlight?: boolean): void } | undefined>(undefined);

  // Layout effects: the map is made, and its first question asked, as soon as its element is
  // in the page, not a frame later.
  useLayoutEffect(() => {
    const map = L.map(element.current!, { maxZoom: MAX_ZOOM, minZoom: 1, zoomControl: true, attributionControl: true });
    map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>');
    // Measured once the map rests, not at every frame of a drag: each update lays out and paints the control again.
    L.control.scale({ imperial: false, updateWhenIdle: true }).addTo(map);
    rememberMapSize(map.getSize().x, map.getSize().y);
    const canvas = new MarkerCanvas(map);
    const tooltip = L.DomUtil.create('div', 'map-tooltip', map.getContainer());
    tooltip.hidden = true;
    const place = latest.current.place;
    // Set before the map listens for moves: the first question is asked once, with the query (below).
    map.setView([place?.lat ?? OPENING_PLACE.lat, place?.lon ?? OPENING_PLACE.lon], place?.zoom ?? OPENING_PLACE.zoom);
    let fitted = Boolean(place);
    let sourceBounds: L.LatLngBounds | undefined;
    let addTiles: (() => void) | undefined;
    const placed = () => {
      addTiles?.();
      addTiles = undefined;
    };

    const redraw = () => {
      const state = parts.current!;
      const { hidden, selected } = latest.current;
      const snapshot = state.snapshot;
      const styles = (snapshot?.query.layers ?? []).map((layer) => {
        const { colour, shape, track } = layer as MapLayer;
        return { colour, shape, altitude: track?.altitude };
      });
      const showSensor = !hidden.has(SENSOR_LAYER_ID);
      const scene: MarkerScene = {
        points: snapshot?.data.points ?? [],
        clusters: snapshot?.data.clusters ?? [],
        tracks: snapshot?.data.tracks ?? new Map(),
        companions: snapshot?.data.companions ?? new Map(),
        styles,
        other: OTHER_DEVICES,
        sensor: showSensor ? state.sensor.position : undefined,
        sensorTrack: showSensor ? state.sensor.track : [],
        selected,
      };
      canvas.show(scene);
    };
    let drawnSignature = '';
    const feed = new MapFeed(
      (data, query) => {
        if (!fitted) {
          // Opened with no place: the first answer says where the devices are, and the map goes
          // there (and asks again); with none, it stays where it is. The server fitted it (for
          // the size the map was likely to have, when asked ahead): where the map would fit the
          // devices the same, it goes to the server's place and draws the answer when it holds
          // what the map shows; otherwise it fits them itself and draws nothing before its answer.
          fitted = true;
          const [west, south, east, north] = data.extent ?? [];
          const sensor = parts.current!.sensor.position;
          const extent = data.extent && L.latLngBounds([south!, west!], [north!, east!]);
          const fit = data.fitted;
          const zoomToFit = extent && Math.min(MAP_FIT.maxZoom, map.getBoundsZoom(extent, false, L.point(2 * MAP_FIT.padding, 2 * MAP_FIT.padding)));
          if (fit && fit.zoom === zoomToFit) map.setView([fit.lat, fit.lon], fit.zoom, { animate: false });
          else if (extent) map.fitBounds(extent, { maxZoom: MAP_FIT.maxZoom, padding: [MAP_FIT.padding, MAP_FIT.padding] });
          else if (sensor) map.setView([sensor.lat, sensor.lon], 15);
          else if (sourceBounds) map.fitBounds(sourceBounds);
          placed();
          const moved = Boolean(extent || sensor || sourceBounds);
          // Staying where it opened, the map asks for what it shows from now on, not for a fit.
          if (!moved) parts.current!.ask();
          const answerShowsTheMap = fit && fit.zoom === map.getZoom() && boxHolds(fit.box, boxOf(map));
          if (moved && !answerShowsTheMap) return;
        }
        parts.current!.snapshot = { data, query };
        // An answer like the last, with the map where it was drawn, is not drawn again.
        const signature = snapshotSignature(data, query);
        if (signature !== drawnSignature || canvas.moved) redraw();
        drawnSignature = signature;
        latest.current.onSummary({ located: data.located, inBox: data.provisional ? undefined : data.inBox, points: data.points.length, clusters: data.clusters.length, error: '' });
        map.getContainer().dataset.drawn = String(Number(map.getContainer().dataset.drawn ?? 0) + 1);
      },
      (error) => latest.current.onSummary({ located: 0, inBox: 0, points: 0, clusters: 0, error }),
    );
    const ask = (keepAnswerInFlight = false) => {
      const { view, search, searchFields, layers, hidden } = latest.current;
      const hiddenNumbers = layers.flatMap((layer, index) => (hidden.has(layer.id) ? [index] : []));
      if (hidden.has(OTHER_DEVICES.id)) hiddenNumbers.push(-1);
      const size = map.getSize();
      const fit = fitted ? {} : { fit: [size.x, size.y] as const };
      feed.ask({ view, search, searchFields, layers, hidden: hiddenNumbers, box: boxOf(map), zoom: map.getZoom(), ...fit }, keepAnswerInFlight);
    };
    parts.current = { map, feed, canvas, sensor: { track: [] }, redraw, ask };

    const openCluster = (cluster: MapClusterData) => {
      if (map.getZoom() < LIST_CLUSTER_ZOOM) {
        map.setView([cluster.lat, cluster.lon], Math.min(map.getZoom() + 2, MAX_ZOOM));
        return;
      }
      const list = L.DomUtil.create('div', 'map-cluster-list');
      list.textContent = 'loading…';
      const popup = L.popup({ maxHeight: 260 }).setLatLng([cluster.lat, cluster.lon]).setContent(list).openOn(map);
      const around = map.getBounds().pad(-0.45);
      const { view, search, searchFields, layers } = latest.current;
      requestMap({
        view,
        box: [around.getWest(), around.getSouth(), around.getEast(), around.getNorth()],
        zoom: map.getZoom(),
        layers: layers.map((layer) => layer.view),
        cluster: false,
        maxPoints: CLUSTER_LIST_LENGTH,
        search,
        searchFields,
      }).then(
        (answer) => {
          list.textContent = '';
          const points = answer['svc.map.points'] as [string, number, number, number, string][];
          const heading = L.DomUtil.create('p', 'muted', list);
          heading.textContent = `${answer['svc.map.in_box']} devices here${answer['svc.map.in_box'] > points.length ? `, the first ${points.length}` : ''}:`;
          for (const [key, , , , name] of points) {
            const button = L.DomUtil.create('button', 'link', list);
            button.type = 'button';
            button.textContent = name;
            button.onclick = () => {
              popup.close();
              latest.current.onOpen(key);
            };
          }
        },
        (error: unknown) => (list.textContent = describe(error)),
      );
    };

    // The URL follows the map once it rests, not at every stop of a drag or a zoom step: each
    // change of it is a same-document navigation and a render of the page.
    let movedTimer: ReturnType<typeof setTimeout> | undefined;
    map.on('moveend', () => {
      ask();
      clearTimeout(movedTimer);
      movedTimer = setTimeout(() => {
        const center = map.getCenter();
        latest.current.onMoved({ lat: center.lat, lon: center.lng, zoom: map.getZoom() });
      }, URL_AFTER_MS);
    });
    // A press and release far apart is a drag, not a click, even one Leaflet did not take as a
    // drag (it ignores a press while a zoom still animates): it opens nothing where it ends.
    let pressedAt: L.Point | undefined;
    map.on('mousedown', (event: L.LeafletMouseEvent) => (pressedAt = event.containerPoint));
    map.on('click', (event: L.LeafletMouseEvent) => {
      if (pressedAt && pressedAt.distanceTo(event.containerPoint) > CLICK_TOLERANCE_PX) return;
      const hit = canvas.hitAt(event.containerPoint);
      if (hit?.point) latest.current.onOpen(hit.point.key);
      else if (hit?.cluster) openCluster(hit.cluster);
    });
    let dragging = false;
    // The device the tooltip is about, so hint lines that arrive late go to the device they are for.
    let pointedKey: string | undefined;
    map.on('dragstart', () => (dragging = true));
    map.on('dragend', () => (dragging = false));
    map.on('mousemove', (event: L.LeafletMouseEvent) => {
      if (dragging) return;
      const hit = canvas.hitAt(event.containerPoint);
      map.getContainer().classList.toggle('over-device', Boolean(hit));
      tooltip.hidden = !hit;
      if (!hit?.point) pointedKey = undefined;
      if (!hit) return;
      L.DomUtil.setPosition(tooltip, event.containerPoint.add([12, -28]));
      if (hit.cluster) {
        tooltip.textContent = `${count(hit.cluster.count)} devices: click to ${map.getZoom() < LIST_CLUSTER_ZOOM ? 'zoom in' : 'list them'}`;
        return;
      }
      const point = hit.point;
      const layer = parts.current!.snapshot?.query.layers[point.layer] as MapLayer | undefined;
      const altitude = parts.current!.snapshot?.data.tracks.get(point.key)?.at(-1)?.[3];
      const unit = layer?.track?.altitude;
      const text = `${point.name} · ${layer?.title ?? OTHER_DEVICES.title}${altitude !== undefined && unit ? ` · ${Math.round(altitude)} ${UNIT_SYMBOL[unit]}` : ''}`;
      tooltip.textContent = text;
      pointedKey = point.key;
      void mapHintLines(point.key).then((lines) => {
        if (pointedKey === point.key && !tooltip.hidden && lines.length) tooltip.textContent = [text, ...lines].join(' · ');
      });
    });
    map.on('mouseout', () => (tooltip.hidden = true));

    loadTileSource().then(
      (source) => {
        // The grid is drawn only where it is needed: with no tiles, or once a tile cannot be had.
        const tiles = tileLayer(source);
        const grid = new CoordinateGrid();
        if (source.bounds) sourceBounds = L.latLngBounds([source.bounds[1], source.bounds[0]], [source.bounds[3], source.bounds[2]]);
        // Tiles are fetched once the map is where it opens, not for the whole world it shows until it fits the devices.
        addTiles = () => {
          if (tiles) tiles.once('tileerror', () => grid.addTo(map)).addTo(map);
          else grid.addTo(map);
        };
        if (fitted) placed();
      },
      (error: unknown) => latest.current.onSummary({ located: 0, inBox: 0, points: 0, clusters: 0, error: `the tile source could not be read: ${describe(error)}` }),
    );
    const sensor = followSensor((state) => {
      const before = parts.current!.sensor;
      parts.current!.sensor = state;
      const moved = before.position?.lat !== state.position?.lat || before.position?.lon !== state.position?.lon || before.track.length !== state.track.length;
      if (moved) redraw();
    });
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(element.current!);
    return () => {
      clearTimeout(movedTimer);
      resize.disconnect();
      sensor.close();
      feed.close();
      canvas.remove();
      map.remove();
    };
  }, []);

  // When only the layers changed (the UI modules loaded after the map asked), the answer on its
  // way is still the devices to draw: it is drawn, then the map asks again with the layers. (The
  // search fields, which the modules' columns change too, matter only to a search.)
  const askedFor = useRef('');
  useLayoutEffect(() => {
    const question = [props.view, props.search, props.search ? props.searchFields.join(',') : '', [...props.hidden].join(',')].join('\n');
    const onlyLayersChanged = askedFor.current === question;
    askedFor.current = question;
    parts.current?.ask(onlyLayersChanged);
  }, [props.view, props.search, props.searchFields.join(','), props.layers, [...props.hidden].join(',')]);
  useEffect(() => parts.current?.redraw(), [props.selected]);

  return <div class="map" ref={element} data-testid="map" />;
}
