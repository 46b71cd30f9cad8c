/**
 * Serializers, chosen by the URL extension (decisions.md "Wire format"):
 * - `json`: standard JSON.
 * - `ekjson`: every field-name key has its dots replaced by underscores (data-map keys are kept),
 *   and a top-level list is written one compact object per line.
 * - `itjson`: the same line splitting with names unchanged.
 * - `prettyjson`: indented, each registered key `K` preceded by `"description.K": "<type>, <description>"`.
 */
import type { FieldRegistry } from '../fields/field-registry.js';
import { isDataMap } from '../fields/data-map.js';
import type { RouteFormat } from './route-registry.js';

/** Content type sent for each format. */
export function contentTypeOf(format: RouteFormat): string {
  if (format === 'html') return 'text/html; charset=utf-8';
  if (format === 'txt') return 'text/plain; charset=utf-8';
  return 'application/json; charset=utf-8';
}

/** Serializes a value for one of the record formats. */
export function serialize(value: unknown, format: RouteFormat, fields: FieldRegistry): string {
  switch (format) {
    case 'ekjson':
      return lines(value, (item) => JSON.stringify(underscoreNames(item)));
    case 'itjson':
      return lines(value, (item) => JSON.stringify(item));
    case 'prettyjson':
      return `${prettyValue(value, fields, '')}\n`;
    default:
      return JSON.stringify(value) ?? 'null';
  }
}

function lines(value: unknown, write: (item: unknown) => string): string {
  if (!Array.isArray(value)) return `${write(value)}\n`;
  let out = '';
  for (const item of value) if (item !== null && item !== undefined) out += `${write(item)}\n`;
  return out;
}

const underscoreCache = new Map<string, string>();

/** A field name as `ekjson` writes it (`a.b.c` -> `a_b_c`). */
export function underscore(name: string): string {
  let renamed = underscoreCache.get(name);
  if (renamed === undefined) {
    renamed = name.replaceAll('.', '_');
    if (underscoreCache.size < 100_000) underscoreCache.set(name, renamed);
  }
  return renamed;
}

/** Copies a value with every field-name key rewritten `a.b.c` -> `a_b_c`. */
export function underscoreNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(underscoreNames);
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  const keepKeys = isDataMap(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[keepKeys ? key : underscore(key)] = underscoreNames(item);
  return out;
}

/** A value as `prettyjson` writes it, nested at `indent`. */
export function prettyValue(value: unknown, fields: FieldRegistry, indent: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + prettyValue(item, fields, inner)).join(',\n')}\n${indent}]`;
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const members = prettyMembers(value as Record<string, unknown>, fields, inner);
  if (members.length === 0) return '{}';
  return `{\n${members.join(',\n')}\n${indent}}`;
}

/**
 * The member lines of an object as `prettyjson` writes them at `indent`: each registered field
 * `K` preceded by `"description.K": "<type>, <description>"` (data-map keys get none).
 */
export function prettyMembers(value: Readonly<Record<string, unknown>>, fields: FieldRegistry, indent: string): string[] {
  const describe = !isDataMap(value);
  const members: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const description = describe ? descriptionLine(key, fields, indent) : undefined;
    if (description) members.push(description);
    members.push(`${indent}${JSON.stringify(key)}: ${prettyValue(item, fields, indent)}`);
  }
  return members;
}

/** The `"description.K": "<type>, <description>"` line `prettyjson` writes before a registered field `K`; undefined for other keys. */
export function descriptionLine(key: string, fields: FieldRegistry, indent: string): string | undefined {
  const field = fields.get(key);
  return field && `${indent}${JSON.stringify(`description.${key}`)}: ${JSON.stringify(`${field.type}, ${field.description}`)}`;
}
