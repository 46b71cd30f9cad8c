/**
 * How device lists are ordered: the value a sort column resolves to becomes a key (numbers
 * before strings, devices lacking the field last), and equal keys fall back to the device's
 * creation serial so every order is total and stable between pages.
 */
import type { TrackedDevice } from '../tracker/tracked-device.js';

/** A comparable value taken from a device field; undefined when the field is absent. */
export type SortKey = number | string | undefined;

/** Turns a resolved field value into a sort key (booleans as 0/1; objects cannot be sorted). */
export function sortKey(value: unknown): SortKey {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** Orders numbers before strings; absent values come last. */
export function compareKeys(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : 1;
}

/** Total order of (key, device): by key, then by creation serial. */
export function compareEntries(keyA: SortKey, deviceA: TrackedDevice, keyB: SortKey, deviceB: TrackedDevice): number {
  return compareKeys(keyA, keyB) || deviceA.serial - deviceB.serial;
}
