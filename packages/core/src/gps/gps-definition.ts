/**
 * `gps=` lines (kismet-reference 10): `type:option=value,...`, the same syntax as a source
 * definition, with `name=` naming the GPS. Everything wrong is an `SVC_ERR_BAD_GPS_DEFINITION`
 * quoting the line.
 */
import { parseDefinition } from '../datasources/definition.js';
import { SvcError } from '../errors.js';
import type { GpsDefinition } from './gps-type.js';

/** Parses one `gps=` line; `taken` holds names already used, so a default name stays unique. */
export function parseGpsDefinition(line: string, taken: ReadonlySet<string> = new Set()): GpsDefinition {
  const parsed = parseDefinition(line, { noun: 'gps', code: 'SVC_ERR_BAD_GPS_DEFINITION' });
  const type = parsed.interface.toLowerCase();
  if (!/^[a-z0-9_-]+$/.test(type)) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `bad gps definition '${line}': '${parsed.interface}' is not a GPS type name (write type:option=value,...)`);
  const options = new Map(parsed.options);
  const given = options.get('name');
  options.delete('name');
  if (given !== undefined && taken.has(given)) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `bad gps definition '${line}': a GPS named '${given}' already exists`);
  let name = given ?? type;
  for (let index = 2; taken.has(name); index++) name = `${type}-${index}`;
  return { line: parsed.line, type, name, options };
}
