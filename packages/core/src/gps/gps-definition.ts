/**
 * `gps=` lines (kismet-reference 10): `type:option=value,...`, the same syntax as a source
 * definition, with `name=` naming the GPS, and as in Kismet `uuid=` giving its UUID (else one is
 * derived from its name and line, so it holds across restarts) and `dataonly=true` keeping its
 * positions from the server's own. Everything wrong is an `SVC_ERR_BAD_GPS_DEFINITION` quoting
 * the line.
 */
import { parseDefinition } from '../datasources/definition.js';
import { parseBoolean } from '../datasources/source-options.js';
import { SvcError } from '../errors.js';
import { nameUuid } from '../util/name-uuid.js';
import type { GpsDefinition } from './gps-type.js';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

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
  const uuid = options.get('uuid')?.toUpperCase() ?? nameUuid(`svc-gps:${name}:${parsed.line}`);
  if (!UUID.test(uuid)) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `bad gps definition '${line}': uuid=${options.get('uuid')} is not a UUID like 8A1C3E20-0000-4000-8000-00000000001F`);
  const dataOnlyText = options.get('dataonly');
  const dataOnly = dataOnlyText === undefined ? undefined : parseBoolean(dataOnlyText);
  if (dataOnlyText !== undefined && dataOnly === undefined) throw new SvcError('SVC_ERR_BAD_GPS_DEFINITION', `bad gps definition '${line}': dataonly= must be true or false, got '${dataOnlyText}'`);
  options.delete('uuid');
  options.delete('dataonly');
  return { line: parsed.line, type, name, options, uuid, ...(dataOnly !== undefined && { dataOnly }) };
}
