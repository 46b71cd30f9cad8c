/**
 * The map's first question, asked as the app's code starts when the app opens on the map:
 * before the login check, the map's code and the map itself, so the server counts the devices
 * while the page loads instead of after. The map does not exist yet, so the question is for
 * the box the whole window shows around the map's centre at its zoom (window-box.ts), which
 * holds the map's own box; the map takes the answer for its first question when the question
 * is the same but for a box this one holds, draws it, and asks its own at once. The server's
 * answer to a bigger box has the same clusters (their squares are the world's, not the box's)
 * and a count in the box that may be larger, which the map does not show until its own answer.
 * Opened with no place, the question asks the server to fit a map of the size the map will
 * likely have (map-inset.ts) to the devices; the map takes that answer for its own first
 * question, which asks the same for its real size, and checks the place before it uses it.
 */
import { route } from '../router';
import { likelyMapSize } from './map-inset';
import { OTHER_DEVICES, SENSOR_LAYER_ID } from './map-layers';
import { parsePlace } from './map-position';
import { requestMap } from './map-request';
import { boxAround, boxHolds, type Box } from './window-box';

/** Where the map opens without a place in the URL, before it fits the devices (MapView). */
export const OPENING_PLACE = { lat: 20, lon: 0, zoom: 2 } as const;

/** A question asked ahead, and its answer (undefined when it failed: the map then asks itself). */
interface HeadStart {
  readonly view: string;
  readonly zoom: number;
  readonly box: Box;
  readonly hidden: readonly number[];
  /** Asked to fit the devices (opened with no place) rather than for the box. */
  readonly fit: boolean;
  readonly answer: Promise<Record<string, unknown> | undefined>;
}

/**
 * Asks ahead when the app opens on the map with a question that needs nothing the plugins' UI
 * modules bring (no search over their columns, no layer of theirs hidden): the map's first
 * question is then the view's devices in its box, with no layers.
 */
function askAhead(): HeadStart | undefined {
  const { page, params } = route.value;
  if (page !== 'map' || params.q) return undefined;
  const hide = (params.hide ?? '').split(',').filter(Boolean);
  if (hide.some((id) => id !== SENSOR_LAYER_ID && id !== OTHER_DEVICES.id)) return undefined;
  const place = params.at === undefined ? OPENING_PLACE : parsePlace(params.at);
  // The map takes whole zooms from 1 up: another would be changed, and the question with it.
  if (!place || !Number.isInteger(place.zoom) || place.zoom < 1) return undefined;
  const view = params.view ?? 'all';
  const box = boxAround(place.lat, place.lon, place.zoom, innerWidth, innerHeight);
  const hidden = hide.includes(OTHER_DEVICES.id) ? [-1] : [];
  const fit = params.at === undefined;
  const answer = requestMap({ view, box, zoom: place.zoom, ...(fit ? { fit: likelyMapSize() } : {}), layers: [], hidden }).catch(() => undefined);
  return { view, zoom: place.zoom, box, hidden, fit, answer };
}

let ahead = askAhead();

/** What of the map's question (map-feed.ts's `MapQuery`) decides whether the answer asked ahead is its. */
interface MapQuestion {
  readonly view: string;
  readonly search: string;
  readonly layers: readonly unknown[];
  readonly hidden: readonly number[];
  readonly box: Box;
  readonly zoom: number;
  readonly fit?: readonly [number, number];
}

/**
 * The answer asked ahead, when `query` is the question it answers but for a box it holds (or,
 * both asking to fit the devices, for a map of a size the map checks); given once (later
 * questions are the map's own).
 */
export function takeMapHeadStart(query: MapQuestion): Promise<Record<string, unknown> | undefined> | undefined {
  const asked = ahead;
  ahead = undefined;
  if (!asked || query.search || query.layers.length > 0) return undefined;
  if (query.view !== asked.view || query.hidden.join(',') !== asked.hidden.join(',') || (query.fit !== undefined) !== asked.fit) return undefined;
  if (asked.fit) return asked.answer;
  return query.zoom === asked.zoom && boxHolds(asked.box, query.box) ? asked.answer : undefined;
}
