/**
 * Field simplification (`fields` in a command dictionary): a client names the fields it wants,
 * as names or `/`-separated paths, optionally renamed (`[path, alias]`), and gets only those.
 * A field that does not exist, or a path that does not resolve, comes back as the integer 0
 * under the requested name (spec 4.1). A `#` before a segment asks for the element count.
 */
import { SvcError } from '../errors.js';

/** One requested field, parsed. */
export interface FieldSpec {
  /** Path segments, `#` removed. */
  readonly path: readonly string[];
  /** Key in the output: the alias, or the last path segment. */
  readonly outputName: string;
  /** True when the last segment asked for a count (`#`). */
  readonly count: boolean;
}

/**
 * Most fields one request may name. Aliases let a client ask for the same large field many
 * times over, so without a cap a small request could ask for an answer of gigabytes.
 */
export const MAX_FIELDS = 256;

/** Parses and validates a `fields` value; anything malformed is a 400 saying what is wrong. */
export function parseFieldSpecs(raw: unknown): FieldSpec[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    throw new SvcError('SVC_ERR_BAD_FIELDS', "'fields' must be a list of field names or [field, alias] pairs");
  }
  if (raw.length > MAX_FIELDS) throw new SvcError('SVC_ERR_BAD_FIELDS', `'fields' names ${raw.length} fields; the limit is ${MAX_FIELDS}`);
  return raw.map((item, index) => {
    let path: unknown = item;
    let alias: unknown;
    if (Array.isArray(item)) {
      if (item.length !== 2) {
        throw new SvcError('SVC_ERR_BAD_FIELDS', `fields[${index}]: expected a field or [field, alias], got a list of ${item.length}`);
      }
      [path, alias] = item;
      if (typeof alias !== 'string' || alias === '') {
        throw new SvcError('SVC_ERR_BAD_FIELDS', `fields[${index}]: the alias must be a non-empty string`);
      }
    }
    if (typeof path !== 'string' || path.trim() === '') {
      throw new SvcError('SVC_ERR_BAD_FIELDS', `fields[${index}]: expected a field name or path string`);
    }
    const segments = path.split('/').filter((segment) => segment !== '');
    if (segments.length === 0) throw new SvcError('SVC_ERR_BAD_FIELDS', `fields[${index}]: the path '${path}' names no field`);
    const last = segments[segments.length - 1]!;
    const count = last.startsWith('#');
    const cleaned = segments.map((segment) => (segment.startsWith('#') ? segment.slice(1) : segment));
    return { path: cleaned, outputName: typeof alias === 'string' ? alias : cleaned[cleaned.length - 1]!, count };
  });
}

/** Follows a path through nested records; undefined when any step is missing. */
export function resolvePath(record: unknown, path: readonly string[]): unknown {
  let current = record;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * Builds the simplified object for one record, reading each requested path through `resolve`
 * (plain records use {@link resolvePath}; devices read their fields directly).
 */
export function pickFields(specs: readonly FieldSpec[], resolve: (path: readonly string[]) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = resolve(spec.path);
    if (spec.count) {
      out[spec.outputName] = Array.isArray(value) ? value.length : value && typeof value === 'object' ? Object.keys(value).length : 0;
    } else {
      out[spec.outputName] = value === undefined ? 0 : value;
    }
  }
  return out;
}

/** Applies parsed field specs to a record, or to each record of a list. */
export function simplify(value: unknown, specs: readonly FieldSpec[]): unknown {
  if (specs.length === 0) return value;
  if (Array.isArray(value)) return value.map((item) => pickFields(specs, (path) => resolvePath(item, path)));
  return pickFields(specs, (path) => resolvePath(value, path));
}
