/**
 * Packets on their way to the svcdb writer thread, packed by column: numbers in one
 * Float64Array, frame bytes back to back in one buffer, strings (PHY names, datasource UUIDs,
 * device key prefixes, tags) once per batch in a table. A device key is its PHY's prefix and
 * its MAC (`deviceKey`), so a row carries the prefix's number and the MAC, and the writer makes
 * the text: a batch's table holds a handful of strings, not one key per device heard. The arrays are transferred, not copied, so
 * handing a batch of thousands of frames to the writer costs one message; the writer hands them
 * back once written (`recycle`), so the packet path does not allocate and zero megabytes of
 * fresh memory for every batch.
 */
import type { Packet } from '../../packets/packet.js';

/** Where each number of a packet sits in its row, and how many there are. */
export const PacketColumn = {
  TsSec: 0,
  TsUsec: 1,
  Phy: 2,
  SourceMac: 3,
  DestMac: 4,
  FrequencyKhz: 5,
  /** The device's key prefix (its PHY's), a string of the table; the writer joins it with SourceMac (`deviceKey`). */
  DeviceKeyPrefix: 6,
  Lat: 7,
  Lon: 8,
  Alt: 9,
  Signal: 10,
  Datasource: 11,
  Dlt: 12,
  BytesOffset: 13,
  BytesLength: 14,
  Error: 15,
  PacketId: 16,
  Tags: 17,
  /** The frame's hash when the packet carries one (`Packet.hash`), else NONE: the writer computes it. */
  Hash: 18,
  /** The frame's transmitter (`Packet.transmitterMac`), Kismet's `transmac`. */
  TransMac: 19,
  Count: 20,
} as const;

/** A batch as the writer thread receives it. */
export interface PacketRowBatch {
  readonly count: number;
  readonly numbers: Float64Array;
  readonly strings: string[];
  readonly bytes: Uint8Array;
}

/** The arrays of a written batch, handed back by the writer thread to be filled again. */
export interface PacketRowArrays {
  readonly numbers: Float64Array;
  readonly bytes: Uint8Array;
}

/** Written batches' arrays kept for reuse: one being written and one waiting is the usual case. */
const SPARE_ARRAYS = 2;

/** No value (no MAC, no device key). */
export const NONE = -1;

/** Collects packets into a batch. */
export class PacketRows {
  #numbers: Float64Array;
  #bytes: Uint8Array;
  #count = 0;
  #used = 0;
  #strings: string[] = [];
  #stringIds = new Map<string, number>();
  readonly #spares: PacketRowArrays[] = [];
  /** The last PHY name and datasource and their ids: most packets repeat the packet before's. */
  #lastPhy: string | undefined;
  #lastPhyId = 0;
  #lastSource: string | undefined;
  #lastSourceId = 0;
  #lastKeyPrefix: string | undefined;
  #lastKeyPrefixId = 0;

  constructor(
    private readonly capacity: number,
    private readonly byteCapacity: number,
  ) {
    this.#numbers = new Float64Array(capacity * PacketColumn.Count);
    this.#bytes = new Uint8Array(byteCapacity);
  }

  /** Packets in the batch. */
  get count(): number {
    return this.#count;
  }

  /** True when the next packet might not fit. */
  get full(): boolean {
    return this.#count >= this.capacity || this.#used >= this.byteCapacity - 4096;
  }

  /** Adds a packet with a frame; `packetId` numbers it within the log. */
  add(packet: Packet, packetId: number): void {
    const frame = packet.data!;
    if (this.#used + frame.length > this.#bytes.length) this.#grow(frame.length);
    const row = this.#count * PacketColumn.Count;
    const numbers = this.#numbers;
    const device = packet.device;
    const signal = packet.signal;
    const gps = packet.gps;
    numbers[row + PacketColumn.TsSec] = packet.tsSec;
    numbers[row + PacketColumn.TsUsec] = packet.tsUsec;
    const phy = packet.phyName ?? 'UNKNOWN';
    if (phy !== this.#lastPhy) {
      this.#lastPhy = phy;
      this.#lastPhyId = this.#string(phy);
    }
    numbers[row + PacketColumn.Phy] = this.#lastPhyId;
    numbers[row + PacketColumn.SourceMac] = device ? device.mac : NONE;
    numbers[row + PacketColumn.DestMac] = packet.destMac ?? NONE;
    numbers[row + PacketColumn.TransMac] = packet.transmitterMac ?? NONE;
    numbers[row + PacketColumn.FrequencyKhz] = signal?.freqKhz ?? 0;
    if (device === undefined) numbers[row + PacketColumn.DeviceKeyPrefix] = NONE;
    else {
      const prefix = device.phy.keyPrefix;
      if (prefix !== this.#lastKeyPrefix) {
        this.#lastKeyPrefix = prefix;
        this.#lastKeyPrefixId = this.#string(prefix);
      }
      numbers[row + PacketColumn.DeviceKeyPrefix] = this.#lastKeyPrefixId;
    }
    numbers[row + PacketColumn.Lat] = gps && gps.fix >= 2 ? gps.lat : 0;
    numbers[row + PacketColumn.Lon] = gps && gps.fix >= 2 ? gps.lon : 0;
    numbers[row + PacketColumn.Alt] = gps && gps.fix >= 3 ? (gps.alt ?? 0) : 0;
    numbers[row + PacketColumn.Signal] = signal?.signalDbm ?? 0;
    if (packet.sourceUuid !== this.#lastSource) {
      this.#lastSource = packet.sourceUuid;
      this.#lastSourceId = this.#string(packet.sourceUuid);
    }
    numbers[row + PacketColumn.Datasource] = this.#lastSourceId;
    numbers[row + PacketColumn.Dlt] = packet.dlt;
    numbers[row + PacketColumn.BytesOffset] = this.#used;
    numbers[row + PacketColumn.BytesLength] = frame.length;
    numbers[row + PacketColumn.Error] = packet.error ? 1 : 0;
    numbers[row + PacketColumn.PacketId] = packetId;
    numbers[row + PacketColumn.Tags] = packet.tags ? this.#string(packet.tags.join(' ')) : NONE;
    numbers[row + PacketColumn.Hash] = packet.hash ?? NONE;
    this.#bytes.set(frame, this.#used);
    this.#used += frame.length;
    this.#count++;
  }

  /**
   * The batch so far, its arrays handed over (transfer `numbers.buffer` and `bytes.buffer`);
   * this collector starts a new one with fresh arrays.
   */
  take(): PacketRowBatch {
    const batch: PacketRowBatch = { count: this.#count, numbers: this.#numbers, strings: this.#strings, bytes: this.#bytes };
    const spare = this.#spares.pop();
    this.#numbers = spare?.numbers ?? new Float64Array(this.capacity * PacketColumn.Count);
    this.#bytes = spare?.bytes ?? new Uint8Array(this.byteCapacity);
    this.#count = 0;
    this.#used = 0;
    this.#strings = [];
    this.#stringIds = new Map();
    this.#lastPhy = undefined;
    this.#lastSource = undefined;
    this.#lastKeyPrefix = undefined;
    return batch;
  }

  /**
   * Takes back the arrays of a batch the writer has written, to fill again instead of new ones.
   * Every slot of a row is written when it is added, so what they held does not matter; arrays
   * of another size (from a collector of another capacity) are left to the collector.
   */
  recycle(arrays: PacketRowArrays): void {
    if (this.#spares.length >= SPARE_ARRAYS || arrays.numbers.length !== this.capacity * PacketColumn.Count || arrays.bytes.length < this.byteCapacity) return;
    this.#spares.push(arrays);
  }

  #string(text: string): number {
    let id = this.#stringIds.get(text);
    if (id === undefined) {
      id = this.#strings.length;
      this.#strings.push(text);
      this.#stringIds.set(text, id);
    }
    return id;
  }

  #grow(length: number): void {
    const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#used + length));
    grown.set(this.#bytes.subarray(0, this.#used));
    this.#bytes = grown;
  }
}
