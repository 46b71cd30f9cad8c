/**
 * Writes batches of packed packets (packet-rows.ts) into the svcdb `packets` table. It exists
 * because the writer thread is what bounds ingest with a log of every frame, and much of a row's
 * cost was the call from JavaScript into SQLite. So rows go `rowsPerStatement` at a time through
 * one multi-row statement (the remainder through the single-row one), their values spread from
 * one reused array, and MAC texts and device keys come from caches that need no hashing. The table gets the
 * same rows, with the same values and types, in the same order as one statement a row gives it.
 */
import type Database from 'better-sqlite3';
import { formatMac } from '../../util/mac.js';
import { deviceKey } from '../../tracker/device-key.js';
import { packetHash } from '../../packets/packet-hash.js';
import { NONE, PacketColumn, type PacketRowBatch } from './packet-rows.js';

/** Rows per multi-row statement; bench/svcdb-writer.bench.ts compares it with its neighbours. */
export const PACKET_ROWS_PER_STATEMENT = 32;

/**
 * One `packets` row's values, in the schema's column order. `speed`, `heading` and `datarate`
 * are always 0, as Kismet writes them for a capture without them: they are literals, so a row
 * binds 21 values.
 */
const ROW_PLACEHOLDERS = '(?,?,?,?,?,?,?,?,?,?,?,0,0,?,?,?,?,?,?,?,0,?,?,?)';
/** Values bound per row. */
const VALUES_PER_ROW = 21;
const ZERO_MAC = '00:00:00:00:00:00';
/** Slots of the MAC text cache, a power of two (a busy log sees a few thousand MACs). */
const MAC_SLOTS = 1 << 16;

/** The `INSERT INTO packets` of `rows` rows. */
function packetInsertSql(rows: number): string {
  return `INSERT INTO packets VALUES ${Array.from({ length: rows }, () => ROW_PLACEHOLDERS).join(',')}`;
}

/** Inserts packed packet rows into one database's `packets` table, inside the caller's transaction. */
export class PacketInserter {
  readonly #single: Database.Statement;
  readonly #many: Database.Statement;
  readonly #rowsPerStatement: number;
  readonly #oneRow: unknown[] = new Array<unknown>(VALUES_PER_ROW);
  readonly #manyRows: unknown[];
  /** MAC texts by slot (the MAC's low 16 bits), and the MAC each slot holds. */
  readonly #macTexts: string[] = new Array<string>(MAC_SLOTS).fill(ZERO_MAC);
  readonly #macs = new Float64Array(MAC_SLOTS).fill(NONE);
  /** Device keys by slot (the MAC's low 16 bits), with the MAC and key prefix each was made of. */
  readonly #keys: string[] = new Array<string>(MAC_SLOTS).fill('');
  readonly #keyMacs = new Float64Array(MAC_SLOTS).fill(NONE);
  readonly #keyPrefixes: string[] = new Array<string>(MAC_SLOTS).fill('');

  /** `rowsPerStatement` is for the bench's comparisons; the log uses the default. */
  constructor(db: Database.Database, rowsPerStatement = PACKET_ROWS_PER_STATEMENT) {
    this.#rowsPerStatement = rowsPerStatement;
    this.#single = db.prepare(packetInsertSql(1));
    this.#many = db.prepare(packetInsertSql(rowsPerStatement));
    this.#manyRows = new Array<unknown>(VALUES_PER_ROW * rowsPerStatement);
  }

  /** Inserts every packet of `batch`, in order. */
  write(batch: PacketRowBatch): void {
    const frames = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
    const chunk = this.#rowsPerStatement;
    const whole = batch.count - (batch.count % chunk);
    const many = this.#manyRows;
    let index = 0;
    for (; index < whole; index += chunk) {
      for (let row = 0; row < chunk; row++) this.#fill(many, row * VALUES_PER_ROW, batch.numbers, batch.strings, frames, index + row);
      this.#many.run(...many);
    }
    for (; index < batch.count; index++) {
      this.#fill(this.#oneRow, 0, batch.numbers, batch.strings, frames, index);
      this.#single.run(...this.#oneRow);
    }
  }

  /** Puts packet `index`'s values into `values` from `at`. */
  #fill(values: unknown[], at: number, numbers: Float64Array, strings: readonly string[], frames: Buffer, index: number): void {
    const row = index * PacketColumn.Count;
    const offset = numbers[row + PacketColumn.BytesOffset]!;
    const length = numbers[row + PacketColumn.BytesLength]!;
    const frame = frames.subarray(offset, offset + length);
    const keyPrefix = numbers[row + PacketColumn.DeviceKeyPrefix]!;
    const sourceMac = numbers[row + PacketColumn.SourceMac]!;
    const tags = numbers[row + PacketColumn.Tags]!;
    const hash = numbers[row + PacketColumn.Hash]!;
    const dlt = numbers[row + PacketColumn.Dlt]!;
    values[at] = numbers[row + PacketColumn.TsSec];
    values[at + 1] = numbers[row + PacketColumn.TsUsec];
    values[at + 2] = strings[numbers[row + PacketColumn.Phy]!];
    values[at + 3] = this.#macText(sourceMac);
    values[at + 4] = this.#macText(numbers[row + PacketColumn.DestMac]!);
    values[at + 5] = this.#macText(numbers[row + PacketColumn.TransMac]!);
    values[at + 6] = numbers[row + PacketColumn.FrequencyKhz];
    values[at + 7] = keyPrefix === NONE ? '0' : this.#deviceKey(strings[keyPrefix]!, sourceMac);
    values[at + 8] = numbers[row + PacketColumn.Lat];
    values[at + 9] = numbers[row + PacketColumn.Lon];
    values[at + 10] = numbers[row + PacketColumn.Alt];
    values[at + 11] = length;
    values[at + 12] = numbers[row + PacketColumn.Signal];
    values[at + 13] = strings[numbers[row + PacketColumn.Datasource]!];
    values[at + 14] = dlt;
    values[at + 15] = frame;
    values[at + 16] = numbers[row + PacketColumn.Error];
    values[at + 17] = tags === NONE ? '' : strings[tags];
    values[at + 18] = hash === NONE ? packetHash(frame, dlt) : hash;
    values[at + 19] = numbers[row + PacketColumn.PacketId];
    values[at + 20] = length;
  }

  /** The key of the device with `mac` under PHY key prefix `prefix`, from a cache like the MAC texts'. */
  #deviceKey(prefix: string, mac: number): string {
    const slot = mac % MAC_SLOTS;
    if (this.#keyMacs[slot] === mac && this.#keyPrefixes[slot] === prefix) return this.#keys[slot]!;
    const key = deviceKey(prefix, mac);
    this.#keyMacs[slot] = mac;
    this.#keyPrefixes[slot] = prefix;
    this.#keys[slot] = key;
    return key;
  }

  /** The text of `mac`, from a cache with one slot per value of the MAC's low 16 bits. */
  #macText(mac: number): string {
    if (mac === NONE) return ZERO_MAC;
    const slot = mac % MAC_SLOTS;
    if (this.#macs[slot] === mac) return this.#macTexts[slot]!;
    const text = formatMac(mac);
    this.#macs[slot] = mac;
    this.#macTexts[slot] = text;
    return text;
  }
}
