/**
 * ADS-B emitter categories in words: the record holds a category as dump1090 writes it (`A3`:
 * set A, code 3), which tells a user little; the panel shows it with what it means.
 */

/** The categories ADS-B defines (DO-260B): sets A (aircraft by size), B (other flying things) and C (on the surface). */
const EMITTER_CATEGORIES: Readonly<Record<string, string>> = {
  A1: 'light',
  A2: 'small',
  A3: 'large',
  A4: 'high vortex large',
  A5: 'heavy',
  A6: 'high performance',
  A7: 'rotorcraft',
  B1: 'glider',
  B2: 'lighter-than-air',
  B3: 'parachutist',
  B4: 'ultralight',
  B6: 'UAV',
  B7: 'space vehicle',
  C1: 'emergency vehicle',
  C2: 'service vehicle',
  C3: 'obstacle',
};

/** A category with its meaning (`A3 large`); the code alone for one that says nothing (`A0`, reserved codes); '' for none. */
export function emitterCategoryText(category: string): string {
  const meaning = EMITTER_CATEGORIES[category];
  return meaning === undefined ? category : `${category} ${meaning}`;
}
