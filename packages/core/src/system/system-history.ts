/**
 * The server's own histories in its status record, as Kismet keeps them (`system_monitor.cc`):
 * the resident memory (KB) and the number of tracked devices, sampled once a second into
 * "extreme" round-robin records, so a dashboard's memory and device graphs show the peak of each
 * minute and hour rather than a mean that hides a spike.
 */
import { PeakRrd } from '../tracker/peak-rrd.js';

/** Memory and device-count histories. */
export class SystemHistory {
  readonly #memory = new PeakRrd('max');
  readonly #devices = new PeakRrd('max');

  /** Takes one sample at Unix second `now`: resident memory in KB and the tracked device count. */
  sample(now: number, rssKb: number, devices: number): void {
    this.#memory.add(now, rssKb);
    this.#devices.add(now, devices);
  }

  /** `svc.system.memory.rrd` and `svc.system.devices.rrd` as of `now`. */
  records(now: number): Record<string, unknown> {
    return { 'svc.system.memory.rrd': this.#memory.toRecord(now), 'svc.system.devices.rrd': this.#devices.toRecord(now) };
  }
}
