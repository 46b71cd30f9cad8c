/**
 * Manufacturer lookup from the IEEE registries (MA-L, MA-M, MA-S), through the maintained
 * `oui-data` package. The data set is parsed on first use into prefix maps holding only the
 * organisation name (the full JSON is several megabytes and is not kept).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Name served when no registry entry matches. */
export const UNKNOWN_MANUFACTURER = 'Unknown';

interface OuiTables {
  readonly byLength: ReadonlyMap<number, ReadonlyMap<number, string>>;
}

let tables: OuiTables | undefined;

function load(): OuiTables {
  const require = createRequire(import.meta.url);
  const raw = JSON.parse(readFileSync(require.resolve('oui-data'), 'utf8')) as Record<string, string>;
  const names = new Map<string, string>();
  const byLength = new Map<number, Map<number, string>>();
  for (const [prefix, entry] of Object.entries(raw)) {
    if (!/^[0-9A-F]{6,9}$/.test(prefix)) continue;
    const newline = entry.indexOf('\n');
    const name = (newline >= 0 ? entry.slice(0, newline) : entry).trim();
    if (!name) continue;
    let interned = names.get(name);
    if (interned === undefined) names.set(name, (interned = name));
    let table = byLength.get(prefix.length);
    if (!table) byLength.set(prefix.length, (table = new Map()));
    table.set(Number.parseInt(prefix, 16), interned);
  }
  return { byLength };
}

/** The manufacturer registered for a MAC (48-bit number), or `Unknown`. */
export function lookupManufacturer(mac: number): string {
  tables ??= load();
  const hex = mac.toString(16).toUpperCase().padStart(12, '0');
  for (const length of [9, 7, 6]) {
    const name = tables.byLength.get(length)?.get(Number.parseInt(hex.slice(0, length), 16));
    if (name !== undefined) return name;
  }
  return UNKNOWN_MANUFACTURER;
}
