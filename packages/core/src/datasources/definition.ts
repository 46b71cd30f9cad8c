/**
 * Source definitions (kismet-reference 5.1): `interface[:opt=val,opt=val,...]`, from `source=`
 * lines, `svc start -c` and `add_source.cmd`. The interface is the text before the first `:`;
 * options split on `,`, double quotes protect commas and are removed, option names are
 * lower-cased, and an option with an empty value is dropped. Everything wrong is an
 * `SVC_ERR_BAD_DEFINITION` naming the problem.
 */
import { SvcError } from '../errors.js';

/** A parsed definition: the interface and its options. */
export interface SourceDefinition {
  /** The line as given. */
  readonly line: string;
  /** Text before the first `:` (an interface, a file path, a device name). */
  readonly interface: string;
  /** Options by lower-cased name, in the order given. */
  readonly options: ReadonlyMap<string, string>;
}

/** Parses a definition line. */
export function parseDefinition(line: string): SourceDefinition {
  const text = line.trim();
  if (text === '') throw bad(line, 'it is empty; expected interface[:option=value,...]');
  const colon = text.indexOf(':');
  const iface = (colon < 0 ? text : text.slice(0, colon)).trim();
  if (iface === '') throw bad(line, 'the interface (text before the first ":") is empty');
  if (iface.includes(',')) throw bad(line, `the interface '${iface}' contains ',' before any ':' (options go after a ':')`);
  const options = new Map<string, string>();
  if (colon >= 0) {
    for (const item of splitOptions(line, text.slice(colon + 1))) {
      if (item.trim() === '') continue;
      const equals = item.indexOf('=');
      if (equals < 0) throw bad(line, `option '${item.trim()}' has no value (write ${item.trim()}=<value>)`);
      const name = item.slice(0, equals).trim().toLowerCase();
      const value = item.slice(equals + 1).trim();
      if (name === '') throw bad(line, `an option has no name before '=' ('${item.trim()}')`);
      if (!/^[a-z0-9_.-]+$/.test(name)) throw bad(line, `option name '${name}' may use only letters, digits, '_', '-' and '.'`);
      if (options.has(name)) throw bad(line, `option '${name}' is given twice`);
      if (value !== '') options.set(name, value);
    }
  }
  return { line: text, interface: iface, options };
}

/** Writes a definition back as a line (values quoted when they hold a comma). */
export function formatDefinition(iface: string, options: ReadonlyMap<string, string>): string {
  if (options.size === 0) return iface;
  const parts = [...options].map(([name, value]) => `${name}=${value.includes(',') ? `"${value}"` : value}`);
  return `${iface}:${parts.join(',')}`;
}

/** Splits the option text on commas outside double quotes, removing the quotes. */
function splitOptions(line: string, text: string): string[] {
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
  if (quoted) throw bad(line, 'a double quote is not closed');
  items.push(current);
  return items;
}

function bad(line: string, problem: string): SvcError {
  return new SvcError('SVC_ERR_BAD_DEFINITION', `bad source definition '${line}': ${problem}`);
}
