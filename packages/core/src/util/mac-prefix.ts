/**
 * MAC prefixes: a MAC with a mask of leading ones, the form watchlists and ingest filters name
 * devices by (`AA:BB:CC:DD:EE:FF`, `AA:BB:CC:00:00:00/FF:FF:FF:00:00:00`, `AA:BB:CC:00:00:00/24`
 * or the OUI `AA:BB:CC`). Parsing is strict, since a user typing a mask wants to hear about a
 * mistake rather than match something else: a mask with holes, a MAC with bits set outside its
 * mask, or an OUI that is not three octets is an error that says what was wrong.
 *
 * `MacPrefixTable` finds the most specific prefix a MAC falls under: exact MACs in one hash
 * table, the others grouped by mask length (one masked lookup per distinct length, longest
 * first), so a thousand entries cost a handful of probes.
 */
import { SvcError } from '../errors.js';
import { MacTable } from '../tracker/mac-table.js';
import { formatMac, parseMac } from './mac.js';

/** Every MAC whose first `bits` bits are those of `mac` (bits 48 is one MAC, 24 an OUI). */
export interface MacPrefix {
  /** The MAC with every bit past `bits` zero. */
  readonly mac: number;
  /** Leading bits that must match, 1 to 48. */
  readonly bits: number;
}

const TWO_24 = 0x1000000;
const OUI_TEXT = /^[0-9a-f]{2}([:-]?)[0-9a-f]{2}\1[0-9a-f]{2}$/i;

/** The 48-bit mask of `bits` leading ones. */
export function prefixMask(bits: number): number {
  return bits === 0 ? 0 : 0xffffffffffff - (2 ** (48 - bits) - 1);
}

/** Leading ones of a 48-bit mask, or undefined when the mask has holes. */
function maskBits(mask: number): number | undefined {
  for (let bits = 0; bits <= 48; bits++) if (prefixMask(bits) === mask) return bits;
  return undefined;
}

/**
 * Parses `MAC`, `MAC/MASK` (the mask as a MAC or as a number of bits) or an OUI (three octets).
 * Throws a 400 naming `what` and the text when it is malformed.
 */
export function parseMacPrefix(text: string, what = 'MAC'): MacPrefix {
  const trimmed = text.trim();
  const fail = (why: string): never => {
    throw new SvcError('SVC_ERR_BAD_REQUEST', `${what} '${text}' ${why}`);
  };
  if (OUI_TEXT.test(trimmed)) return { mac: Number.parseInt(trimmed.replace(/[:-]/g, ''), 16) * TWO_24, bits: 24 };
  const parts = trimmed.split('/');
  if (parts.length > 2) fail('has more than one /; write MAC or MAC/MASK');
  const mac = parseMac(parts[0]!);
  if (mac === undefined) fail('is not a MAC (AA:BB:CC:DD:EE:FF), a MAC/MASK (AA:BB:CC:00:00:00/FF:FF:FF:00:00:00 or /24) or an OUI (AA:BB:CC)');
  if (parts.length === 1) return { mac: mac!, bits: 48 };
  const maskText = parts[1]!.trim();
  let bits: number | undefined;
  if (/^\d{1,2}$/.test(maskText)) {
    bits = Number(maskText);
    if (bits < 1 || bits > 48) fail('has a mask length outside 1 to 48');
  } else {
    const mask = parseMac(maskText);
    if (mask === undefined) fail(`has a mask '${maskText}' that is neither a MAC-style mask (FF:FF:FF:00:00:00) nor a number of bits`);
    bits = maskBits(mask!);
    if (bits === undefined) fail(`has a mask '${maskText}' with holes; a mask is leading ones (FF:FF:FF:00:00:00)`);
    if (bits === 0) fail('has an empty mask, which would match every MAC');
  }
  const base = maskedMac(mac!, prefixMask(bits!));
  if (base !== mac) fail(`has bits set outside its /${bits} mask; did you mean ${formatMac(base)}/${formatMac(prefixMask(bits!))}?`);
  return { mac: mac!, bits: bits! };
}

/** The canonical text of a prefix: the MAC alone for 48 bits, else `MAC/MASK` as Kismet writes masks. */
export function formatMacPrefix(prefix: MacPrefix): string {
  return prefix.bits === 48 ? formatMac(prefix.mac) : `${formatMac(prefix.mac)}/${formatMac(prefixMask(prefix.bits))}`;
}

/** A stable key of a prefix, the same for `AA:BB:CC`, `AA:BB:CC:00:00:00/24` and its MAC-mask form. */
export function macPrefixKey(prefix: MacPrefix): string {
  return `${prefix.mac}/${prefix.bits}`;
}

/** True when `mac` falls under `prefix`. */
export function macInPrefix(mac: number, prefix: MacPrefix): boolean {
  return maskedMac(mac, prefixMask(prefix.bits)) === prefix.mac;
}

function maskedMac(mac: number, mask: number): number {
  const high = Math.floor(mac / TWO_24);
  return ((high & Math.floor(mask / TWO_24)) >>> 0) * TWO_24 + (((mac - high * TWO_24) & mask % TWO_24) >>> 0);
}

interface PrefixGroup<T> {
  readonly bits: number;
  /** The mask split in its high and low 24 bits, so a lookup masks without division. */
  readonly highMask: number;
  readonly lowMask: number;
  readonly table: MacTable<T>;
}

/** Values by MAC prefix; `get` answers the value of the longest prefix a MAC falls under. */
export class MacPrefixTable<T> {
  readonly #exact = new MacTable<T>();
  /** Groups of shorter prefixes, longest first. */
  #groups: PrefixGroup<T>[] = [];
  #size = 0;

  /** Number of prefixes. */
  get size(): number {
    return this.#size;
  }

  /** Stores `value` for a prefix, replacing what was there. */
  set(prefix: MacPrefix, value: T): void {
    const table = this.#table(prefix.bits, true)!;
    if (table.get(prefix.mac) === undefined) this.#size++;
    table.set(prefix.mac, value);
  }

  /** The value stored for exactly this prefix. */
  getPrefix(prefix: MacPrefix): T | undefined {
    return this.#table(prefix.bits, false)?.get(prefix.mac);
  }

  /** Removes a prefix; returns whether it was there. */
  delete(prefix: MacPrefix): boolean {
    const table = this.#table(prefix.bits, false);
    if (!table?.delete(prefix.mac)) return false;
    this.#size--;
    if (table.size === 0 && prefix.bits < 48) this.#groups = this.#groups.filter((group) => group.table !== table);
    return true;
  }

  /** The value of the longest stored prefix `mac` falls under, or undefined. */
  get(mac: number): T | undefined {
    if (this.#size === 0) return undefined;
    const exact = this.#exact.get(mac);
    if (exact !== undefined) return exact;
    const groups = this.#groups;
    if (groups.length === 0) return undefined;
    const high = Math.floor(mac / TWO_24);
    const low = mac - high * TWO_24;
    for (let index = 0; index < groups.length; index++) {
      const group = groups[index]!;
      const found = group.table.get(((high & group.highMask) >>> 0) * TWO_24 + ((low & group.lowMask) >>> 0));
      if (found !== undefined) return found;
    }
    return undefined;
  }

  #table(bits: number, create: boolean): MacTable<T> | undefined {
    if (bits === 48) return this.#exact;
    let group = this.#groups.find((candidate) => candidate.bits === bits);
    if (!group && create) {
      const mask = prefixMask(bits);
      group = { bits, highMask: Math.floor(mask / TWO_24), lowMask: mask % TWO_24, table: new MacTable<T>() };
      this.#groups = [...this.#groups, group].sort((a, b) => b.bits - a.bits);
    }
    return group?.table;
  }
}
