/**
 * What a plugin declares to get a device view: an id, a description and the predicate that
 * decides membership as devices are created and updated.
 */
import type { Device } from '../tracker/device.js';

/** A device view contributed through the `views` hook. */
export interface ViewDefinition {
  /** View id used in `/devices/views/<id>/...`. */
  readonly name: string;
  /** One line for `/devices/views/all_views.json`. */
  readonly description: string;
  /** Decides whether a device belongs to the view; called on create and on update. */
  readonly includes: (device: Device) => boolean;
}
