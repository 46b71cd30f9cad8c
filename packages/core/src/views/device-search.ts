/**
 * The datatables search (decisions.md): a case-insensitive substring over the values of the
 * requested fields, or of the summary fields when a request names none. Strings are searched
 * through lists and maps; numbers only as a whole top-level value.
 */
import { SvcError } from '../errors.js';
import type { FieldSpec } from '../fields/field-spec.js';
import { expandPath } from '../fields/regex-filter.js';
import { readDeviceField } from '../tracker/device-fields.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';

/** Fields searched when a request names none. */
const SUMMARY_SEARCH_PATHS: readonly (readonly string[])[] = [
  'svc.device.base.commonname',
  'svc.device.base.macaddr',
  'svc.device.base.manuf',
  'svc.device.base.type',
  'svc.device.base.crypt',
  'svc.device.base.channel',
  'svc.device.base.key',
].map((name) => [name]);

/** A search term, ready to test values with. */
export interface SearchTerm {
  /** The term, trimmed and lower-cased (identifies the search). */
  readonly text: string;
  /** Case-insensitive literal match of the term; tests values without lower-casing copies of them. */
  readonly pattern: RegExp;
}

/** Longest search term a request may send, in characters. */
export const MAX_SEARCH_LENGTH = 1024;

/** The search a request asks for, or undefined when it searches nothing; an over-long term is a 400. */
export function parseSearch(term: string | undefined): SearchTerm | undefined {
  if (term !== undefined && term.length > MAX_SEARCH_LENGTH) {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `the search term is ${term.length} characters long; the limit is ${MAX_SEARCH_LENGTH}`);
  }
  const text = term?.trim().toLowerCase();
  if (!text) return undefined;
  return { text, pattern: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') };
}

/** The field paths a search looks in: the requested fields, else the summary fields. */
export function searchPaths(specs: readonly FieldSpec[]): readonly (readonly string[])[] {
  return specs.length ? specs.map((spec) => spec.path) : SUMMARY_SEARCH_PATHS;
}

/** Whether any searched value of the device contains the term. */
export function searchMatches(device: TrackedDevice, paths: readonly (readonly string[])[], term: SearchTerm, now: number): boolean {
  const { pattern } = term;
  const values: string[] = [];
  for (const path of paths) {
    const value = readDeviceField(device, path[0]!, now);
    if (typeof value === 'string') {
      if (path.length === 1) {
        if (pattern.test(value)) return true;
        continue;
      }
    } else if (typeof value === 'number') {
      if (path.length === 1 && pattern.test(String(value))) return true;
      continue;
    } else if (value === undefined) continue;
    values.length = 0;
    expandPath(value, path, 1, values);
    for (const text of values) if (pattern.test(text)) return true;
  }
  return false;
}
