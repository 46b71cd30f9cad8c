/**
 * Manufacturer lookup from the IEEE registries (MA-L, MA-M, MA-S), through the maintained
 * `oui-data` package, kept as prefix maps holding only the organisation name (the full JSON is
 * several megabytes and is not kept).
 *
 * Reading the registries costs a few hundred milliseconds of CPU. Done by the first lookup, it
 * happened inside the packet chain when a source delivered its first frame, and every request
 * waited for it. The tracker therefore starts {@link loadManufacturersInTurns} when the server is
 * ready: the file is read off the event loop and its entries are taken a window at a time within
 * the shared turn budget. A lookup before that load ends finishes it at once.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { eventLoopTurns, type TurnBudget } from '../util/turn-budget.js';

/** Name served when no registry entry matches. */
export const UNKNOWN_MANUFACTURER = 'Unknown';

/**
 * Bytes of the registry file read between two looks at the turn budget (about 80 entries, a
 * millisecond or so). The file is taken a window at a time: made one string, the whole file
 * costs tens of milliseconds to decode, and a string read in pieces (as `readFile` with an
 * encoding makes it) costs over a hundred to flatten on the first search.
 */
const WINDOW_BYTES = 8 * 1024;
/**
 * One entry of the registry file: a MAC prefix of 6 to 9 hex digits and its JSON string (the
 * organisation's name, then its address, a line each).
 */
const ENTRY = /"([0-9A-F]{6,9})"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
/** A byte of a multi-byte UTF-8 sequence, read as Latin-1. */
const NON_ASCII = /[\x80-\xff]/;

/** The registries as prefix maps by prefix length, filled entry by entry. */
export class OuiRegistry {
  readonly #byLength = new Map<number, Map<number, string>>();
  readonly #names = new Map<string, string>();
  readonly #entry = new RegExp(ENTRY);
  #bytes: Buffer | undefined;
  /** Where in the file the next window starts: after the last entry filed. */
  #offset = 0;
  #complete = false;
  #loading: Promise<void> | undefined;

  /**
   * Loads the registries without holding the event loop: the file is read asynchronously and its
   * entries are filed a window of {@link WINDOW_BYTES} at a time, each window taken from `turns`.
   * One load runs however often it is asked for; resolves once every entry is filed.
   */
  loadInTurns(turns: TurnBudget = eventLoopTurns): Promise<void> {
    this.#loading ??= (async () => {
      if (this.#complete) return;
      const bytes = await readFile(registryPath());
      // A lookup may have read the whole file meanwhile; then this copy is not kept.
      if (!this.#complete) this.#bytes ??= bytes;
      while (!this.#readWindow()) {
        const nextTurn = turns.next();
        if (nextTurn) await nextTurn;
      }
    })();
    return this.#loading;
  }

  /** The manufacturer registered for a MAC (48-bit number), or `Unknown`; finishes a load that has not ended. */
  lookup(mac: number): string {
    while (!this.#readWindow());
    const hex = mac.toString(16).toUpperCase().padStart(12, '0');
    for (const length of [9, 7, 6]) {
      const name = this.#byLength.get(length)?.get(Number.parseInt(hex.slice(0, length), 16));
      if (name !== undefined) return name;
    }
    return UNKNOWN_MANUFACTURER;
  }

  /**
   * Files the entries of the next window of the file; true once every entry is filed. An entry
   * the window cuts is read whole with the next window; a window without a whole entry grows.
   */
  #readWindow(): boolean {
    if (this.#complete) return true;
    const bytes = (this.#bytes ??= readFileSync(registryPath()));
    for (let size = WINDOW_BYTES; ; size *= 2) {
      const end = Math.min(bytes.length, this.#offset + size);
      // Latin-1 keeps one character per byte, so match offsets are byte offsets.
      const text = bytes.toString('latin1', this.#offset, end);
      const entry = this.#entry;
      entry.lastIndex = 0;
      let consumed = 0;
      for (let match = entry.exec(text); match !== null; match = entry.exec(text)) {
        this.#add(match[1]!, match[2]!);
        consumed = entry.lastIndex;
      }
      if (end === bytes.length) {
        this.#complete = true;
        this.#bytes = undefined;
        return true;
      }
      if (consumed > 0) {
        this.#offset += consumed;
        return false;
      }
    }
  }

  /** Files one entry under its prefix: the first line of its text, the organisation's name. */
  #add(prefix: string, quoted: string): void {
    const newline = quoted.indexOf('\\n');
    let firstLine = newline >= 0 ? quoted.slice(0, newline) : quoted;
    if (NON_ASCII.test(firstLine)) firstLine = Buffer.from(firstLine, 'latin1').toString('utf8');
    if (firstLine.includes('\\')) firstLine = JSON.parse(`"${firstLine}"`) as string;
    const name = firstLine.trim();
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
