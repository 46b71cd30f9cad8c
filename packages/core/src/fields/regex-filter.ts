/**
 * Regex filters (`regex`, spec 4.1): a list of `[multifield path, regex]` pairs; a record
 * matches when any pair matches. Walking the path, a list or a data map met before the last
 * segment expands to every element, so `dot11.device/dot11.device.advertised_ssid_map/
 * dot11.advertisedssid.ssid` tests every advertised SSID. Only string values are tested.
 * A bare pair (not nested in a list) or a regex that does not compile is a 400.
 */
import { SvcError } from '../errors.js';
import { isDataMap } from './data-map.js';

/** One compiled filter pair. */
export interface RegexFilter {
  readonly path: readonly string[];
  readonly regex: RegExp;
}

/** Parses and compiles a `regex` value. */
export function parseRegexFilters(raw: unknown): RegexFilter[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((pair) => !Array.isArray(pair))) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', "'regex' must be a list of [field path, regex] pairs, nested even for one pair: [[\"path\", \"regex\"]]");
  }
  return raw.map((pair: unknown[], index) => {
    if (pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string' || pair[0] === '') {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `regex[${index}] must be a [field path, regex] pair of strings`);
    }
    let regex: RegExp;
    try {
      regex = new RegExp(pair[1]);
    } catch (error) {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `regex[${index}]: invalid regex: ${(error as Error).message}`);
    }
    return { path: pair[0].split('/').filter(Boolean), regex };
  });
}

/** Collects every string reached by a multifield path from a starting value. */
export function expandPath(value: unknown, path: readonly string[], from: number, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) expandPath(item, path, from, out);
    return;
  }
  if (typeof value === 'object') {
    if (isDataMap(value)) {
      for (const item of Object.values(value)) expandPath(item, path, from, out);
      return;
    }
    if (from >= path.length) return;
    expandPath((value as Record<string, unknown>)[path[from]!], path, from + 1, out);
    return;
  }
  if (from >= path.length && typeof value === 'string') out.push(value);
}

/** True when any filter matches a string its path reaches in the record. */
export function matchesAny(filters: readonly RegexFilter[], first: (name: string) => unknown): boolean {
  const values: string[] = [];
  for (const filter of filters) {
    values.length = 0;
    expandPath(first(filter.path[0]!), filter.path, 1, values);
    for (const value of values) if (filter.regex.test(value)) return true;
  }
  return false;
}
