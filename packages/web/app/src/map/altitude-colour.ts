/**
 * The colour of an altitude on the map's tracks: a hue from orange on the ground through green
 * and blue to violet at 40,000 ft and above (the way aircraft maps shade height), so a climb
 * or a descent reads along the line. Metres are turned into feet first.
 */

/** The altitude, in feet, at the top of the scale. */
export const TOP_OF_SCALE_FEET = 40_000;
const FEET_PER_METRE = 3.28084;
/** Hue at the ground and at the top of the scale. */
const GROUND_HUE = 25;
const TOP_HUE = 285;

/** A CSS colour for an altitude in `unit`. */
export function altitudeColour(altitude: number, unit: 'feet' | 'metres'): string {
  const feet = unit === 'metres' ? altitude * FEET_PER_METRE : altitude;
  const share = Math.min(1, Math.max(0, feet / TOP_OF_SCALE_FEET));
  return `hsl(${Math.round(GROUND_HUE + share * (TOP_HUE - GROUND_HUE))} 85% 45%)`;
}
