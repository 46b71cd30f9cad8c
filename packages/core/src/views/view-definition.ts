/**
 * What a plugin declares to get a device view: an id, a description and the predicate that
 * decides membership. Views are indexes kept as devices change, never queries run per request.
 */
import type { Device } from '../tracker/device.js';

/** A device view contributed through the `views` hook. */
export interface ViewDefinition {
  /** View id used in `/devices/views/<id>/...`. */
  readonly name: string;
  /** One line for `/devices/views/all_views.json`. */
  readonly description: string;
  /** Decides whether a device belongs to the view. */
  readonly includes: (device: Device) => boolean;
  /**
   * Whether membership can change after creation, so `includes` is asked again on every update
   * (default true). Views decided by fixed properties (PHY, say) set false and cost nothing per packet.
   */
  readonly recheckOnUpdate?: boolean;
  /**
   * Ids the view had before a rename. Requests to `/devices/views/<former id>/...` answer as
   * this view, so clients written against the old id keep working for one release; the former
   * ids are not listed in `all_views`.
   */
  readonly formerNames?: readonly string[];
}
