/**
 * The channel tracker (Kismet's `channeltracker_v3`): packets, bytes and signal per frequency
 * and per channel, taken from every packet that carries them at the end of the chain, and the
 * devices active on each frequency, counted once a second. Served at `/channels/channels.json`
 * as Kismet shapes it: `svc.channeltracker.frequency_map` (keyed by kHz) and
 * `svc.channeltracker.channel_map` (keyed by channel name), each entry a `svc.channelrec.*`
 * record. A device counts as active for 30 s after the server last changed it (Kismet's decay,
 * measured on the server's clock so a replayed capture shows its devices too).
 *
 * Beyond Kismet's record each entry has `svc.channelrec.packets`, every packet counted since
 * start, `svc.channelrec.devices`, the devices whose last packet was on it, and
 * `svc.channelrec.active_devices`, the last sample of the device history. `devices` is counted
 * over the device list when the record is asked for.
 */
import { dataMap } from '../fields/data-map.js';
import type { FieldDefinition } from '../fields/field-registry.js';
import type { Packet } from '../packets/packet.js';
import type { ChangedWalk } from '../tracker/changed-walk.js';
import { Rrd } from '../tracker/rrd.js';
import { SignalData } from '../tracker/signal.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { eventLoopTurns, type TurnBudget } from '../util/turn-budget.js';

/** Seconds a device counts as active on its frequency after it last changed. */
export const DEVICE_DECAY_SECONDS = 30;

/** Devices the count of active devices visits between two looks at the turn budget. */
export const DEVICES_PER_LOOK = 512;

/** What the tracker reads of the device list. */
export interface ChannelDeviceSource {
  /** Visits each device changed after `since` (server seconds) once, in slices (see `DeviceTracker.walkChanged`). */
  walkChanged(since: number, visit: (device: TrackedDevice) => void): ChangedWalk;
  /** Every device. */
  devices(): Iterable<TrackedDevice>;
}

/** One frequency's or channel's history. */
class ChannelRecord {
  readonly packetsRrd = new Rrd();
  readonly dataRrd = new Rrd();
  readonly deviceRrd = Rrd.gauge();
  readonly signal = new SignalData();
  packets = 0;
  /** Devices active on it at the last sample. */
  activeDevices = 0;
  /** For a frequency record, the channel record its packets last named, so most packets skip a lookup. */
  linked: ChannelRecord | undefined = undefined;

  constructor(
    public channel: string,
    public frequency: number,
  ) {}

  add(second: number, packet: Packet, bytes: number): void {
    this.packets++;
    this.packetsRrd.add(second, 1);
    if (bytes) this.dataRrd.add(second, bytes);
    const signal = packet.signal!;
    if (signal.signalDbm !== undefined || signal.noiseDbm !== undefined) this.signal.add(signal.signalDbm ?? 0, signal.noiseDbm ?? 0);
  }

  toRecord(now: number, devices: number): Record<string, unknown> {
    return {
      'svc.channelrec.channel': this.channel,
      'svc.channelrec.frequency': this.frequency,
      'svc.channelrec.packets_rrd': this.packetsRrd.toRecord(now),
      'svc.channelrec.data_rrd': this.dataRrd.toRecord(now),
      'svc.channelrec.device_rrd': this.deviceRrd.toRecord(now),
      'svc.channelrec.signal': this.signal.toRecord(now),
      'svc.channelrec.packets': this.packets,
      'svc.channelrec.devices': devices,
      'svc.channelrec.active_devices': this.activeDevices,
    };
  }
}

/** Fields of the channels record. */
export const CHANNEL_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.channeltracker.frequency_map', type: 'map[double, x]', description: 'channel records by frequency in kHz' },
  { name: 'svc.channeltracker.channel_map', type: 'map[string, x]', description: 'channel records by channel name' },
  { name: 'svc.channelrec.channel', type: 'string', description: 'channel name (in the frequency map, the first one a packet on it named; "unknown" when none did)' },
  { name: 'svc.channelrec.frequency', type: 'double', description: 'frequency in kHz' },
  { name: 'svc.channelrec.packets_rrd', type: 'object', description: 'packets per second/minute/hour (rrd record)' },
  { name: 'svc.channelrec.data_rrd', type: 'object', description: 'bytes per second/minute/hour (rrd record)' },
  { name: 'svc.channelrec.device_rrd', type: 'object', description: `devices active in the last ${DEVICE_DECAY_SECONDS} s, sampled each second; slots hold means (rrd record)` },
  { name: 'svc.channelrec.signal', type: 'object', description: 'signal and noise of the packets (signal record)' },
  { name: 'svc.channelrec.packets', type: 'uint64_t', description: 'packets since the server started' },
  { name: 'svc.channelrec.devices', type: 'uint64_t', description: 'tracked devices whose last packet was on this frequency or channel' },
  { name: 'svc.channelrec.active_devices', type: 'uint64_t', description: `devices active on this frequency in the last ${DEVICE_DECAY_SECONDS} s, at the last sample (the frequency map only; 0 in the channel map)` },
];

/** Packets and devices per frequency and channel. */
export class ChannelTracker {
  readonly #byFrequency = new Map<number, ChannelRecord>();
  readonly #byChannel = new Map<string, ChannelRecord>();
  /** The records of the last packet, which most packets share (a source parked on a channel). */
  #lastFrequency: ChannelRecord | undefined;
  #lastChannel: ChannelRecord | undefined;
  /** Set while a count of active devices walks the device list across turns. */
  #counting = false;
  /** The server's Unix second, kept by `tick()` so packets do not read the clock. */
  #second = Math.floor(Date.now() / 1000);

  constructor(private readonly devices: ChannelDeviceSource) {}

  /** Counts a packet that reached the end of the chain; packets without a frequency or channel are skipped. */
  packet(packet: Packet): void {
    const signal = packet.signal;
    if (signal === undefined) return;
    const khz = signal.freqKhz;
    const name = signal.channel;
    if (!khz && (!name || name === '0')) return;
    const second = this.#second;
    const bytes = packet.data?.length ?? 0;
    let frequency: ChannelRecord | undefined;
    if (khz) {
      frequency = this.#lastFrequency;
      if (frequency === undefined || frequency.frequency !== khz) {
        frequency = this.#byFrequency.get(khz);
        if (frequency === undefined) this.#byFrequency.set(khz, (frequency = new ChannelRecord('unknown', khz)));
        this.#lastFrequency = frequency;
      }
      if (frequency.channel === 'unknown' && name && name !== '0') frequency.channel = name;
      frequency.add(second, packet, bytes);
    }
    if (name && name !== '0') {
      let record = frequency?.linked ?? this.#lastChannel;
      if (record === undefined || record.channel !== name) {
        record = this.#byChannel.get(name);
        if (record === undefined) this.#byChannel.set(name, (record = new ChannelRecord(name, khz ?? 0)));
        this.#lastChannel = record;
      }
      if (frequency) frequency.linked = record;
      if (!record.frequency && khz) record.frequency = khz;
      record.add(second, packet, bytes);
    }
  }

  /** Moves the tracker's clock to the server's second (call at least once a second). */
  tick(now = Date.now() / 1000): void {
    this.#second = Math.floor(now);
  }

  /**
   * Adds this second's count of active devices to every frequency's device history. The count
   * walks every active device, {@link DEVICES_PER_LOOK} at a time with a look at the event loop's
   * turn budget in between (tens of thousands of devices would otherwise hold the loop for
   * milliseconds), and is recorded once the walk ends. While a count runs, the next second's is
   * skipped; the history then keeps the last count for that second, as it does for a late tick.
   */
  async sampleDevices(now = Date.now() / 1000, turns: TurnBudget = eventLoopTurns): Promise<void> {
    this.tick(now);
    if (this.#byFrequency.size === 0 || this.#counting) return;
    const active = new Map<number, number>();
    const walk = this.devices.walkChanged(now - DEVICE_DECAY_SECONDS, (device) => {
      if (device.frequency) active.set(device.frequency, (active.get(device.frequency) ?? 0) + 1);
    });
    this.#counting = true;
    try {
      while (!walk.step(DEVICES_PER_LOOK)) {
        const nextTurn = turns.next();
        if (nextTurn) await nextTurn;
      }
    } finally {
      this.#counting = false;
    }
    const second = Math.floor(now);
    for (const [khz, record] of this.#byFrequency) {
      record.activeDevices = active.get(khz) ?? 0;
      record.deviceRrd.add(second, record.activeDevices);
    }
  }

  /** The `/channels/channels.json` record. */
  toRecord(now: number): Record<string, unknown> {
    const perFrequency = new Map<number, number>();
    const perChannel = new Map<string, number>();
    for (const device of this.devices.devices()) {
      if (device.frequency) perFrequency.set(device.frequency, (perFrequency.get(device.frequency) ?? 0) + 1);
      if (device.channel) perChannel.set(device.channel, (perChannel.get(device.channel) ?? 0) + 1);
    }
    const channels: Record<string, unknown> = {};
    const byFrequency = [...this.#byChannel.values()].sort((a, b) => a.frequency - b.frequency || a.channel.localeCompare(b.channel, 'en', { numeric: true }));
    for (const record of byFrequency) channels[record.channel] = record.toRecord(now, perChannel.get(record.channel) ?? 0);
    const frequencies: Record<string, unknown> = {};
    for (const [khz, record] of [...this.#byFrequency].sort(([a], [b]) => a - b)) frequencies[frequencyKey(khz)] = record.toRecord(now, perFrequency.get(khz) ?? 0);
    return {
      'svc.channeltracker.channel_map': dataMap(channels),
      'svc.channeltracker.frequency_map': dataMap(frequencies),
    };
  }
}

/** A frequency as a map key, as Kismet writes double keys: whole numbers without a fraction. */
function frequencyKey(khz: number): string {
  return Number.isInteger(khz) ? String(khz) : khz.toFixed(6);
}
