/**
 * Compact Position Reporting: ADS-B sends latitude and longitude as 17-bit fractions of a zone, in
 * alternating even and odd frames. A position comes from an even/odd pair (global) or from one frame
 * and a nearby reference position (local). These functions are pure and follow dump1090's arithmetic,
 * including its refusal of a pair whose two latitudes fall in different longitude zones.
 */

/** The raw CPR fields of one frame. */
export interface CprFrame {
  /** True for the odd format (F = 1). */
  readonly odd: boolean;
  /** 17-bit encoded latitude. */
  readonly lat: number;
  /** 17-bit encoded longitude. */
  readonly lon: number;
}

/** A position in degrees, latitude north and longitude east positive. */
export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

const SCALE = 131072;

/** Floor-division modulo, always non-negative (CPR's MOD). */
function mod(value: number, divisor: number): number {
  const result = value % divisor;
  return result < 0 ? result + divisor : result;
}

/**
 * NL: the number of longitude zones at a latitude (59 at the equator, 1 at the poles), from the closed form
 * in DO-260B; transitions sit at the latitudes where the formula crosses an integer.
 */
export function cprNL(lat: number): number {
  const abs = Math.abs(lat);
  if (abs < 1e-9) return 59;
  if (abs >= 87) return abs > 87 ? 1 : 2; // the closed form rounds to NaN at exactly 87
  const cosLat = Math.cos((Math.PI / 180) * abs);
  const a = 1 - Math.cos(Math.PI / 30);
  return Math.floor((2 * Math.PI) / Math.acos(1 - a / (cosLat * cosLat)));
}

/** Longitude zone count for a format: NL - F, at least 1. */
function zoneCount(lat: number, odd: boolean): number {
  return Math.max(cprNL(lat) - (odd ? 1 : 0), 1);
}

/** The two candidate latitudes of a pair before quadrant selection, or undefined out of range. */
function pairLatitudes(even: CprFrame, odd: CprFrame, span: number): [number, number] {
  const j = Math.floor((59 * even.lat - 60 * odd.lat) / SCALE + 0.5);
  return [(span / 60) * (mod(j, 60) + even.lat / SCALE), (span / 59) * (mod(j, 59) + odd.lat / SCALE)];
}

/** Longitude of the pair, decoded in the zone of the newer frame's latitude. */
function pairLongitude(even: CprFrame, odd: CprFrame, lat: number, latestIsOdd: boolean, span: number): number {
  const nl = cprNL(lat);
  const m = Math.floor((even.lon * (nl - 1) - odd.lon * nl) / SCALE + 0.5);
  const zones = zoneCount(lat, latestIsOdd);
  const newer = latestIsOdd ? odd : even;
  return (span / zones) * (mod(m, zones) + newer.lon / SCALE);
}

/** Normalises a longitude to -180..180. */
function normaliseLongitude(lon: number): number {
  return lon - Math.floor((lon + 180) / 360) * 360;
}

/**
 * Global airborne decode of an even/odd pair; the position is that of the newer frame (`latestIsOdd`).
 * Undefined when a latitude is out of range or the two frames lie in different longitude zones (the
 * aircraft crossed a zone boundary between them: dump1090 waits for the next pair).
 */
export function globalAirbornePosition(even: CprFrame, odd: CprFrame, latestIsOdd: boolean): LatLon | undefined {
  let [latEven, latOdd] = pairLatitudes(even, odd, 360);
  if (latEven >= 270) latEven -= 360;
  if (latOdd >= 270) latOdd -= 360;
  if (latEven < -90 || latEven > 90 || latOdd < -90 || latOdd > 90) return undefined;
  if (cprNL(latEven) !== cprNL(latOdd)) return undefined;
  const lat = latestIsOdd ? latOdd : latEven;
  return { lat, lon: normaliseLongitude(pairLongitude(even, odd, lat, latestIsOdd, 360)) };
}

/** Picks the surface latitude solution (northern or southern hemisphere) nearest the reference. */
function surfaceLatitude(lat: number, referenceLat: number): number {
  if (lat === 0) return referenceLat < -45 ? -90 : referenceLat > 45 ? 90 : 0;
  return lat - referenceLat > 45 ? lat - 90 : lat;
}

/**
 * Global surface decode of an even/odd pair. Surface CPR spans 90 degrees, so the pair fixes the position
 * only up to a quadrant: the reference (the receiver or the aircraft's last position) picks the quadrant
 * nearest to it, as dump1090 does.
 */
export function globalSurfacePosition(even: CprFrame, odd: CprFrame, latestIsOdd: boolean, reference: LatLon): LatLon | undefined {
  const [rawEven, rawOdd] = pairLatitudes(even, odd, 90);
  const latEven = surfaceLatitude(rawEven, reference.lat);
  const latOdd = surfaceLatitude(rawOdd, reference.lat);
  if (latEven < -90 || latEven > 90 || latOdd < -90 || latOdd > 90) return undefined;
  if (cprNL(latEven) !== cprNL(latOdd)) return undefined;
  const lat = latestIsOdd ? latOdd : latEven;
  let lon = pairLongitude(even, odd, lat, latestIsOdd, 90);
  lon += Math.floor((reference.lon - lon + 45) / 90) * 90;
  return { lat, lon: normaliseLongitude(lon) };
}

/**
 * The zone a local decode lands in: the zone of the reference (`referenceZones`, the reference in zone
 * units) moved by one when the encoded fraction is more than half a zone away. Taking the whole and the
 * fractional part from the same quotient keeps a reference that sits exactly on a zone boundary consistent
 * (a separate floating-point modulo can return a whole zone there and push the answer a zone off).
 */
function zoneIndex(referenceZones: number, fraction: number): number {
  const whole = Math.floor(referenceZones);
  return whole + Math.floor(0.5 + (referenceZones - whole) - fraction);
}

/**
 * Local decode of one frame relative to a reference position less than half a zone away (about 180 NM
 * airborne, 45 NM surface): the aircraft's last position or the receiver. Undefined when the answer would
 * be more than half a zone from the reference, where the decode is ambiguous.
 */
export function localPosition(reference: LatLon, cpr: CprFrame, surface: boolean): LatLon | undefined {
  const span = surface ? 90 : 360;
  const latZone = span / (cpr.odd ? 59 : 60);
  const fractionLat = cpr.lat / SCALE;
  const j = zoneIndex(reference.lat / latZone, fractionLat);
  let lat = latZone * (j + fractionLat);
  if (lat >= 270) lat -= 360;
  if (lat < -90 || lat > 90 || Math.abs(lat - reference.lat) > latZone / 2) return undefined;
  const lonZone = span / zoneCount(lat, cpr.odd);
  const fractionLon = cpr.lon / SCALE;
  const m = zoneIndex(reference.lon / lonZone, fractionLon);
  let lon = lonZone * (m + fractionLon);
  if (lon > 180) lon -= 360;
  if (Math.abs(lon - reference.lon) > lonZone / 2) return undefined;
  return { lat, lon };
}

/** Local decode of an airborne frame (`localPosition` with the 360-degree airborne span). */
export function localAirbornePosition(reference: LatLon, cpr: CprFrame): LatLon | undefined {
  return localPosition(reference, cpr, false);
}
