/**
 * Source definitions (kismet-reference 5.1): `interface[:opt=val,opt=val,...]`, from `source=`
 * lines, `svc start -c` and `add_source.cmd`. The interface is the text before the first `:`;
 * options split on `,`, double quotes protect commas and are removed, option names are
 * lower-cased, and an option with an empty value is dropped. Everything wrong is an
 * `SVC_ERR_BAD_DEFINITION` naming the problem.
 */
import { SvcError, type ErrorCode } from '../errors.js';

/** A parsed definition: the interface and its options. */
export interface SourceDefinition {
  /** The line as given. */
  readonly line: string;
  /** Text before the first `:` (an interface, a file path, a device name). */
  readonly interface: string;
  /** Options by lower-cased name, in the order given. */
  readonly options: ReadonlyMap<string, string>;
}

/** What kind of line is parsed, for its errors (`gps=` lines share the syntax). */
export interface DefinitionKind {
  /** Word before "definition" in messages (`source`, `gps`). */
  readonly noun: string;
  readonly code: ErrorCode;
}

const SOURCE_DEFINITION: DefinitionKind = { noun: 'source', code: 'SVC_ERR_BAD_DEFINITION' };

/** Parses a definition line. */
export function parseDefinition(line: string, kind: DefinitionKind = SOURCE_DEFINITION): SourceDefinition {
  const bad = (problem: string) => new SvcError(kind.code, `bad ${kind.noun} definition '${line}': ${problem}`);
  const text = line.trim();
  if (text === '') throw bad('it is empty; expected interface[:option=value,...]');
  const colon = interfaceEnd(text);
  const iface = (colon < 0 ? text : text.slice(0, colon)).trim();
  if (iface === '') throw bad('the interface (text before the first ":") is empty');
  if (iface.includes(',')) throw bad(`the interface '${iface}' contains ',' before any ':' (options go after a ':')`);
  const options = new Map<string, string>();
  if (colon >= 0) {
    for (const item of splitOptions(text.slice(colon + 1), bad)) {
      if (item.trim() === '') continue;
      const equals = item.indexOf('=');
      if (equals < 0) throw bad(`option '${item.trim()}' has no value (write ${item.trim()}=<value>)`);
      const name = item.slice(0, equals).trim().toLowerCase();
      const value = item.slice(equals + 1).trim();
      if (name === '') throw bad(`an option has no name before '=' ('${item.trim()}')`);
      if (!/^[a-z0-9_.-]+$/.test(name)) throw bad(`option name '${name}' may use only letters, digits, '_', '-' and '.'`);
      if (options.has(name)) throw bad(`option '${name}' is given twice`);
      if (value !== '') options.set(name, value);
    }
  }
  return { line: text, interface: iface, options };
}

/**
 * Where the interface ends: at the first ':', unless what follows it is a port number, so a
 * network address (`host:30005`, `[::1]:30005`) is an interface whose options come after the
 * next ':'. An option always has '=', so a port cannot be taken for one.
 */
function interfaceEnd(text: string): number {
  const hostEnd = text.startsWith('[') ? text.indexOf(']') + 1 : 0;
  const colon = text.indexOf(':', hostEnd);
  if (colon < 0) return -1;
  const next = text.indexOf(':', colon + 1);
  const port = text.slice(colon + 1, next < 0 ? text.length : next);
  return /^\d{1,5}$/.test(port) ? next : colon;
}

/** Writes a definition back as a line (values quoted when they hold a comma). */
export function formatDefinition(iface: string, options: ReadonlyMap<string, string>): string {
  if (options.size === 0) return iface;
  const parts = [...options].map(([name, value]) => `${name}=${value.includes(',') ? `"${value}"` : value}`);
  return `${iface}:${parts.join(',')}`;
}

/** Splits the option text on commas outside double quotes, removing the quotes. */
function splitOptions(text: string, bad: (problem: string) => SvcError): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      items.push(current);
      current = '';
    } else current += char;
  }
  if (quoted) throw bad('a double quote is not closed');
  items.push(current);
  return items;
}
