/**
 * Manufacturer lookup from the IEEE registries (MA-L, MA-M, MA-S), through the maintained
 * `oui-data` package, kept as prefix maps holding only the organisation name (the full JSON is
 * several megabytes and is not kept).
 *
 * Reading the registries costs a few hundred milliseconds of CPU. Done by the first lookup, it
 * happened inside the packet chain when a source delivered its first frame, and every request
 * waited for it. The tracker therefore starts {@link loadManufacturersInTurns} when the server is
 * ready: the file is read off the event loop and its entries are taken a slice at a time within
 * the shared turn budget. A lookup before that load ends finishes it at once.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { eventLoopTurns, type TurnBudget } from '../util/turn-budget.js';

/** Name served when no registry entry matches. */
export const UNKNOWN_MANUFACTURER = 'Unknown';

/** Registry entries read between two looks at the turn budget. */
const ENTRIES_PER_LOOK = 500;
/**
 * One entry of the registry file: a MAC prefix of 6 to 9 hex digits and its JSON string (the
 * organisation's name, then its address, a line each).
 */
const ENTRY = /"([0-9A-F]{6,9})"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

/** The registries as prefix maps by prefix length, filled entry by entry. */
export class OuiRegistry {
  readonly #byLength = new Map<number, Map<number, string>>();
  readonly #names = new Map<string, string>();
  readonly #entry = new RegExp(ENTRY);
  #text: string | undefined;
  #complete = false;
  #loading: Promise<void> | undefined;

  /**
   * Loads the registries without holding the event loop: the file is read asynchronously and its
   * entries are filed {@link ENTRIES_PER_LOOK} at a time, each slice taken from `turns`. One load
   * runs however often it is asked for; resolves once every entry is filed.
   */
  loadInTurns(turns: TurnBudget = eventLoopTurns): Promise<void> {
    this.#loading ??= (async () => {
      if (this.#complete) return;
      const text = await readFile(registryPath(), 'utf8');
      // A lookup may have read the whole file meanwhile; then this copy is not kept.
      if (!this.#complete) this.#text ??= text;
      while (!this.#read(ENTRIES_PER_LOOK)) {
        const nextTurn = turns.next();
        if (nextTurn) await nextTurn;
      }
    })();
    return this.#loading;
  }

  /** The manufacturer registered for a MAC (48-bit number), or `Unknown`; finishes a load that has not ended. */
  lookup(mac: number): string {
    if (!this.#complete) this.#read(Number.POSITIVE_INFINITY);
    const hex = mac.toString(16).toUpperCase().padStart(12, '0');
    for (const length of [9, 7, 6]) {
      const name = this.#byLength.get(length)?.get(Number.parseInt(hex.slice(0, length), 16));
      if (name !== undefined) return name;
    }
    return UNKNOWN_MANUFACTURER;
  }

  /** Reads up to `count` more entries; true once every entry was read. */
  #read(count: number): boolean {
    if (this.#complete) return true;
    this.#text ??= readFileSync(registryPath(), 'utf8');
    for (let left = count; left > 0; left--) {
      const match = this.#entry.exec(this.#text);
      if (match === null) {
        this.#complete = true;
        this.#text = undefined;
        return true;
      }
      this.#add(match[1]!, match[2]!);
    }
    return false;
  }

  /** Files one entry under its prefix: the first line of its text, the organisation's name. */
  #add(prefix: string, quoted: string): void {
    const newline = quoted.indexOf('\\n');
    const firstLine = newline >= 0 ? quoted.slice(0, newline) : quoted;
    const name = (firstLine.includes('\\') ? (JSON.parse(`"${firstLine}"`) as string) : firstLine).trim();
    if (!name) return;
    let interned = this.#names.get(name);
    if (interned === undefined) this.#names.set(name, (interned = name));
    let table = this.#byLength.get(prefix.length);
    if (!table) this.#byLength.set(prefix.length, (table = new Map()));
    table.set(Number.parseInt(prefix, 16), interned);
  }
}

/** Where the `oui-data` package keeps the registries. */
function registryPath(): string {
  return createRequire(import.meta.url).resolve('oui-data');
}

/** The process's registries, which the tracker looks manufacturers up in. */
const registry = new OuiRegistry();

/** Loads the process's registries in the background (see {@link OuiRegistry.loadInTurns}). */
export function loadManufacturersInTurns(turns: TurnBudget = eventLoopTurns): Promise<void> {
  return registry.loadInTurns(turns);
}

/** The manufacturer registered for a MAC (48-bit number), or `Unknown`. */
export function lookupManufacturer(mac: number): string {
  return registry.lookup(mac);
}
