/**
 * Records are plain objects keyed by field name; data maps (keyed by MAC, channel, UUID...) are
 * plain objects too, marked with a hidden symbol so serializers leave their keys alone. The mark
 * is invisible to `JSON.stringify`, which keeps the `.json` path a single native call.
 */

const DATA_MAP = Symbol.for('svc.dataMap');

/** Marks an object as a data map (keys are data, not field names) and returns it. */
export function dataMap<T extends object>(map: T): T {
  Object.defineProperty(map, DATA_MAP, { value: true, enumerable: false });
  return map;
}

/** True for objects marked with {@link dataMap}. */
export function isDataMap(value: object): boolean {
  return (value as Record<symbol, unknown>)[DATA_MAP] === true;
}
