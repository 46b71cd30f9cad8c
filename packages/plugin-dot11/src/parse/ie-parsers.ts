/**
 * Element readers contributed by other plugins. The built-in decoder reads the elements svc's
 * device model needs; a plugin that wants another one (a vendor's proprietary element, a newer
 * standard tag) registers a parser by tag, or by OUI for vendor elements (tag 221), through
 * `getDot11Hooks(svc).ieParsers`. Each parser's result is kept under its name in the frame's
 * `custom` (also `ies.custom`), where the plugin's own packet-chain tap finds it. A parser that
 * throws costs its own result only: the frame, and the server, carry on.
 */

/** A plugin's reader for one kind of element. */
export interface IeParserDefinition {
  /** Key of the result in `ies.custom`; namespaced by the plugin (`acme.mesh`). */
  readonly name: string;
  /** Element tag (221 for vendor elements). */
  readonly tag: number;
  /** For tag 221: the vendor's OUI as a number (0x001018); the parser sees only those elements. */
  readonly oui?: number;
  /**
   * Reads the element body `data[start, end)`: after the OUI for vendor elements, after the
   * length byte otherwise. Returns what the plugin wants kept (undefined keeps nothing).
   */
  parse(data: Buffer, start: number, end: number): unknown;
}

/** The parsers in force, indexed for the element walk. */
export class IeParserTable {
  readonly #byTag = new Map<number, IeParserDefinition[]>();
  readonly #byOui = new Map<number, IeParserDefinition[]>();
  readonly #names = new Set<string>();
  /** Tags with a parser: a vendor element is wanted when any OUI has one. Read per element, so an array. */
  readonly #wanted = new Uint8Array(256);
  #failures = 0;

  /** Adds a parser; names must be unique so results never overwrite each other. */
  add(definition: IeParserDefinition): void {
    if (!definition.name) throw new Error('an element parser needs a name');
    if (!Number.isInteger(definition.tag) || definition.tag < 0 || definition.tag > 255) throw new Error(`element parser ${definition.name}: tag must be 0-255, got ${definition.tag}`);
    if (definition.oui !== undefined && definition.tag !== TAG_VENDOR) throw new Error(`element parser ${definition.name}: an OUI applies only to vendor elements (tag 221)`);
    if (definition.oui !== undefined && !(Number.isInteger(definition.oui) && definition.oui >= 0 && definition.oui <= 0xffffff)) throw new Error(`element parser ${definition.name}: OUI must be a 24-bit number`);
    if (this.#names.has(definition.name)) throw new Error(`element parser ${definition.name} is already registered`);
    this.#names.add(definition.name);
    this.#wanted[definition.tag] = 1;
    const index = definition.oui === undefined ? this.#byTag : this.#byOui;
    const key = definition.oui ?? definition.tag;
    const list = index.get(key);
    if (list) list.push(definition);
    else index.set(key, [definition]);
  }

  /** Number of parser calls that threw (each one's result was dropped). */
  get failures(): number {
    return this.#failures;
  }

  /** True when no parser is registered, so the decoder can skip the lookups. */
  get empty(): boolean {
    return this.#names.size === 0;
  }

  /** Runs the parsers registered for an element; results go into `custom`. */
  run(tag: number, oui: number | undefined, data: Buffer, start: number, end: number, custom: () => Map<string, unknown>): void {
    const tagged = this.#byTag.get(tag);
    if (tagged) this.#apply(tagged, data, start, end, custom);
    if (oui !== undefined) {
      const vendor = this.#byOui.get(oui);
      if (vendor) this.#apply(vendor, data, start + 3, end, custom);
    }
  }

  /**
   * Runs the parsers on the well-formed elements `data[start, end)` and nothing else (what the
   * frame's `custom` holds when svc's own reading of them was skipped): the elements no parser
   * wants cost a byte test each. Returns the results, or undefined when there are none.
   */
  walk(data: Buffer, start: number, end: number): Map<string, unknown> | undefined {
    let custom: Map<string, unknown> | undefined;
    const results = () => (custom ??= new Map());
    for (let at = start; end - at >= 2; ) {
      const tag = data[at]!;
      const length = data[at + 1]!;
      const value = at + 2;
      if (value + length > end) break;
      if (this.#wanted[tag] === 1) this.run(tag, tag === TAG_VENDOR && length >= 3 ? data.readUIntBE(value, 3) : undefined, data, value, value + length, results);
      at = value + length;
    }
    return custom;
  }

  #apply(parsers: readonly IeParserDefinition[], data: Buffer, start: number, end: number, custom: () => Map<string, unknown>): void {
    for (const parser of parsers) {
      try {
        const result = parser.parse(data, start, end);
        if (result !== undefined) custom().set(parser.name, result);
      } catch {
        this.#failures++;
      }
    }
  }
}

const TAG_VENDOR = 221;
