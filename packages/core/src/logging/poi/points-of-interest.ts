/**
 * Points of interest (Kismet's `/poi/create_poi.cmd`): a user marks the time and the server's
 * position, with an optional note, and the mark goes into the open svcdb log as Kismet writes it
 * (a `snapshots` row of type `POI`, svcdb-rows.ts) through the `POI` event, which any other
 * listener hears too. The server remembers the last points of this run for `/poi/list_poi.json`
 * (Kismet answers an empty list there); every one stays in the log it was written to.
 */
import type { FieldDefinition } from '../../fields/field-registry.js';
import { SvcError } from '../../errors.js';

/** Longest note a point takes. */
export const MAX_POI_NOTE = 4096;
/** Points `/poi/list_poi.json` remembers; older ones are only in their log. */
export const POI_REMEMBERED = 1000;

/** Fields of a point of interest. */
export const POI_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.poi.time', type: 'double', description: 'Unix time the point was marked' },
  { name: 'svc.poi.note', type: 'string', description: 'the note given with it, empty when none' },
  { name: 'svc.poi.location', type: 'object', description: "the server's position when it was marked (location record; fix 0 when the server had none)" },
];

/** The points of this run, newest last. */
export class PointsOfInterest {
  readonly #points: Record<string, unknown>[] = [];

  /**
   * A new point at `time` (Unix seconds) and `location` (a location record) with `note`; a note
   * over {@link MAX_POI_NOTE} characters is a 400. The caller publishes it.
   */
  create(note: string | undefined, location: Record<string, unknown>, time = Date.now() / 1000): Record<string, unknown> {
    if (note !== undefined && note.length > MAX_POI_NOTE) throw new SvcError('SVC_ERR_BAD_REQUEST', `a point's note is at most ${MAX_POI_NOTE} characters, not ${note.length}`);
    const point = { 'svc.poi.time': Math.round(time * 1e6) / 1e6, 'svc.poi.note': note ?? '', 'svc.poi.location': location };
    this.#points.push(point);
    if (this.#points.length > POI_REMEMBERED) this.#points.shift();
    return point;
  }

  /** The points remembered, oldest first. */
  list(): readonly Record<string, unknown>[] {
    return this.#points;
  }
}
