/**
 * Regex filters (`regex`, spec 4.1): a list of `[multifield path, regex]` pairs; a record
 * matches when any pair matches. Walking the path, a list or a data map met before the last
 * segment expands to every element, so `dot11.device/dot11.device.advertised_ssid_map/
 * dot11.advertisedssid.ssid` tests every advertised SSID. Only string values are tested.
 * A bare pair (not nested in a list), too many pairs, or a regex that does not compile (see
 * client-regex.ts: linear-time matching, PCRE option prefixes) is a 400.
 */
import { SvcError } from '../errors.js';
import { compileClientRegex, type ClientRegex } from './client-regex.js';
import { isDataMap } from './data-map.js';

/** Most filter pairs one request may carry. */
export const MAX_REGEX_FILTERS = 64;

/** One compiled filter pair. */
export interface RegexFilter {
  readonly path: readonly string[];
  readonly regex: ClientRegex;
}

/** Parses and compiles a `regex` value. */
export function parseRegexFilters(raw: unknown): RegexFilter[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((pair) => !Array.isArray(pair))) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', "'regex' must be a list of [field path, regex] pairs, nested even for one pair: [[\"path\", \"regex\"]]");
  }
  if (raw.length > MAX_REGEX_FILTERS) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `'regex' has ${raw.length} pairs; the limit is ${MAX_REGEX_FILTERS}`);
  }
  return raw.map((pair: unknown[], index) => {
    if (pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string' || pair[0] === '') {
      throw new SvcError('SVC_ERR_BAD_REQUEST', `regex[${index}] must be a [field path, regex] pair of strings`);
    }
    return { path: pair[0].split('/').filter(Boolean), regex: compileClientRegex(pair[1], `regex[${index}]`) };
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
