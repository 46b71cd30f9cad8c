/**
 * Signal statistics of a device (kismet-reference 4.4): last, min and max signal and noise. The
 * type (`dbm` or `rssi`) is fixed by the first sample; a value of 0 means "not measured" and is
 * ignored, as in Kismet.
 */
import { SignalRrd } from './signal-rrd.js';
import type { StateReader } from './state/state-reader.js';
import type { StateWriter } from './state/state-writer.js';

/** Signal and noise statistics. */
export class SignalData {
  /** The last minute's peak signal per second, kept when device histories are (`track_device_rrds`). */
  signalRrd: SignalRrd | undefined = undefined;
  type: 'dbm' | 'rssi' = 'dbm';
  lastSignal = 0;
  lastNoise = 0;
  minSignal = 0;
  maxSignal = 0;
  minNoise = 0;
  maxNoise = 0;

  /** Statistics as `toRecord` served them (a device restored from a log). */
  static fromRecord(record: Record<string, unknown>): SignalData {
    const data = new SignalData();
    const number = (name: string) => Number(record[`svc.common.signal.${name}`]) || 0;
    data.type = record['svc.common.signal.type'] === 'rssi' ? 'rssi' : 'dbm';
    data.lastSignal = number('last_signal');
    data.lastNoise = number('last_noise');
    data.minSignal = number('min_signal');
    data.maxSignal = number('max_signal');
    data.minNoise = number('min_noise');
    data.maxNoise = number('max_noise');
    data.signalRrd = SignalRrd.fromRecord(record['svc.common.signal.signal_rrd']);
    return data;
  }

  /** Statistics as `writeState` packed them. */
  static readState(reader: StateReader): SignalData {
    const data = new SignalData();
    data.type = reader.boolean() ? 'rssi' : 'dbm';
    data.lastSignal = reader.number();
    data.lastNoise = reader.number();
    data.minSignal = reader.number();
    data.maxSignal = reader.number();
    data.minNoise = reader.number();
    data.maxNoise = reader.number();
    if (reader.boolean()) data.signalRrd = SignalRrd.readState(reader);
    return data;
  }

  /** Packs the statistics and the history for the tracker's state snapshot. */
  writeState(writer: StateWriter): void {
    writer.boolean(this.type === 'rssi');
    writer.number(this.lastSignal);
    writer.number(this.lastNoise);
    writer.number(this.minSignal);
    writer.number(this.maxSignal);
    writer.number(this.minNoise);
    writer.number(this.maxNoise);
    writer.boolean(this.signalRrd !== undefined);
    this.signalRrd?.writeState(writer);
  }

  /** Records one sample; 0 means "no value". */
  add(signal: number, noise: number): void {
    if (signal !== 0) {
      this.lastSignal = signal;
      if (this.minSignal === 0 || signal < this.minSignal) this.minSignal = signal;
      if (this.maxSignal === 0 || signal > this.maxSignal) this.maxSignal = signal;
    }
    if (noise !== 0) {
      this.lastNoise = noise;
      if (this.minNoise === 0 || noise < this.minNoise) this.minNoise = noise;
      if (this.maxNoise === 0 || noise > this.maxNoise) this.maxNoise = noise;
    }
  }

  /** The record as served; `now` clears the history's stale seconds. */
  toRecord(now: number): Record<string, unknown> {
    const record: Record<string, unknown> = {
      'svc.common.signal.type': this.type,
      'svc.common.signal.last_signal': this.lastSignal,
      'svc.common.signal.last_noise': this.lastNoise,
      'svc.common.signal.min_signal': this.minSignal,
      'svc.common.signal.min_noise': this.minNoise,
      'svc.common.signal.max_signal': this.maxSignal,
      'svc.common.signal.max_noise': this.maxNoise,
    };
    if (this.signalRrd) record['svc.common.signal.signal_rrd'] = this.signalRrd.toRecord(now);
    return record;
  }
}

/** Field definitions of a signal record. */
export const SIGNAL_FIELDS = [
  { name: 'svc.common.signal.type', type: 'string', description: 'signal unit: dbm or rssi' },
  { name: 'svc.common.signal.last_signal', type: 'int32_t', description: 'last signal level' },
  { name: 'svc.common.signal.last_noise', type: 'int32_t', description: 'last noise level' },
  { name: 'svc.common.signal.min_signal', type: 'int32_t', description: 'weakest signal seen' },
  { name: 'svc.common.signal.min_noise', type: 'int32_t', description: 'lowest noise seen' },
  { name: 'svc.common.signal.max_signal', type: 'int32_t', description: 'strongest signal seen' },
  { name: 'svc.common.signal.max_noise', type: 'int32_t', description: 'highest noise seen' },
  { name: 'svc.common.signal.signal_rrd', type: 'object', description: 'strongest signal per second over the last minute (rrd record, minute vector only)' },
] as const;
