/**
 * Size limits of the lists clients grow through the API (watchlist entries, ingest filter
 * rules, API keys, alert definitions, a device's tags). Each has a configured limit; an
 * addition that would pass it is refused whole with a 400 naming the limit and its config key,
 * so no client can make the server hold, save and serve a list of any length.
 */
import { SvcError } from '../errors.js';

/** A list's limit and how to name it in a refusal. */
export interface ListLimit {
  /** What the list holds, plural (`watchlist entries added through the API`). */
  readonly what: string;
  /** The config key that sets it. */
  readonly key: string;
  readonly max: number;
}

/** Refuses (400 `SVC_ERR_LIST_FULL`) to add `adding` items to a list of `size` past its limit. */
export function requireRoom(limit: ListLimit, size: number, adding: number): void {
  if (adding <= 0 || size + adding <= limit.max) return;
  throw new SvcError('SVC_ERR_LIST_FULL', `there are ${size} ${limit.what} and this adds ${adding}; the limit is ${limit.max} (${limit.key}): remove some first`);
}
