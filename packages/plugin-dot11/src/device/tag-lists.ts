/**
 * Information element tag lists, shared between SSID records. Every probe request or beacon a
 * record keeps carries the list of the element tags it held (Kismet's `ie_tag_list`), and
 * devices of one make and driver send the same list: one shared array per distinct list instead
 * of one per record saved some 140 bytes per tracked Wi-Fi device.
 */

/** The list of a record that has seen no elements yet, shared by all of them. */
export const NO_TAGS: readonly number[] = Object.freeze([]);

/** Distinct lists kept at most; past it the table starts again (records keep the lists they hold). */
const MAX_SHARED_LISTS = 4096;
const sharedLists = new Map<string, readonly number[]>();

/**
 * The shared list equal to `tags` (tags are element ids, 0 to 255). Called when a record's list
 * changes, not per frame; the shared copy is exactly as long as the list.
 */
export function sharedTags(tags: readonly number[]): readonly number[] {
  if (tags.length === 0) return NO_TAGS;
  const key = String.fromCharCode(...tags);
  let shared = sharedLists.get(key);
  if (shared === undefined) {
    if (sharedLists.size >= MAX_SHARED_LISTS) sharedLists.clear();
    shared = tags.slice();
    sharedLists.set(key, shared);
  }
  return shared;
}
