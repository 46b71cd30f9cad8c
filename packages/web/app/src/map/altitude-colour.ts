/**
 * The colour of an altitude on the map's tracks: a hue from orange on the ground through green
 * and blue to violet at the top of the scale and above (the way aircraft maps shade height), so
 * a climb or a descent reads along the line. Each unit has its own scale, fitted to what
 * reports altitudes in it: 0 to 40,000 ft for aircraft (airliners cruise near the top), 0 to
 * 500 m for drones (most fly below 120 m), so neither layer's tracks sit at one end of the
 * other's scale; the legend shows each scale in its unit.
 */

/** The units a layer's track altitudes come in. */
export type AltitudeUnit = 'feet' | 'metres';

/** The altitude at the top of each unit's scale. */
export const TOP_OF_SCALE: Readonly<Record<AltitudeUnit, number>> = { feet: 40_000, metres: 500 };
/** Each unit as written after a number. */
export const UNIT_SYMBOL: Readonly<Record<AltitudeUnit, string>> = { feet: 'ft', metres: 'm' };
/** Hue at the ground and at the top of the scale. */
const GROUND_HUE = 25;
const TOP_HUE = 285;

/** A CSS colour for an altitude in `unit`. */
export function altitudeColour(altitude: number, unit: AltitudeUnit): string {
  const share = Math.min(1, Math.max(0, altitude / TOP_OF_SCALE[unit]));
  return `hsl(${Math.round(GROUND_HUE + share * (TOP_HUE - GROUND_HUE))} 85% 45%)`;
}

/** A unit's scale as the legend draws it: a CSS gradient from the ground to the top, and its range in words. */
export function altitudeScale(unit: AltitudeUnit): { readonly gradient: string; readonly range: string } {
  const top = TOP_OF_SCALE[unit];
  const stops = [0, 0.25, 0.5, 0.75, 1].map((share) => altitudeColour(share * top, unit));
  return { gradient: `linear-gradient(to right, ${stops.join(', ')})`, range: `0 – ${top.toLocaleString('en-US')} ${UNIT_SYMBOL[unit]}` };
}
