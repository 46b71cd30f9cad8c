/**
 * The RSSI of a Bluetooth device over time, for its panel in the web app. The server keeps a
 * device's signal for the last minute only (the signal RRD: the peak per second, which the
 * app's activity graph already shows); the panel keeps every second it reads from it while the
 * device's detail is open, up to half an hour, so someone walking with the sensor sees whether
 * a device (a tracker) stays with them and when it came closer, not just the last minute.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';

/** Seconds of RSSI kept while the detail is open. */
export const RSSI_KEPT_SECONDS = 30 * 60;

/** The per-second peaks of one device's RSSI seen so far. */
export class RssiHistory {
  readonly #levels = new Map<number, number>();
  #until = 0;

  constructor(readonly deviceKey: string) {}

  /** Takes in a minute of the signal RRD as `ui.rrd` reads it (gaps as null); forgets seconds older than the kept span. */
  add(times: readonly number[], values: readonly (number | null)[]): void {
    times.forEach((time, index) => {
      const level = values[index];
      if (level !== null && level !== undefined) this.#levels.set(time, level);
    });
    this.#until = Math.max(this.#until, times.at(-1) ?? 0);
    for (const time of this.#levels.keys()) if (time <= this.#until - RSSI_KEPT_SECONDS) this.#levels.delete(time);
  }

  /** How many seconds have a level. */
  get heardSeconds(): number {
    return this.#levels.size;
  }

  /** The weakest and strongest level kept; undefined when none is. */
  range(): { min: number; max: number } | undefined {
    if (this.#levels.size === 0) return undefined;
    const levels = [...this.#levels.values()];
    return { min: Math.min(...levels), max: Math.max(...levels) };
  }

  /** Every second from the first one heard to the last one read, with the level or a gap. */
  series(): { times: number[]; values: (number | null)[] } {
    const times: number[] = [];
    const values: (number | null)[] = [];
    if (this.#levels.size === 0) return { times, values };
    for (let time = Math.min(...this.#levels.keys()); time <= this.#until; time++) {
      times.push(time);
      values.push(this.#levels.get(time) ?? null);
    }
    return { times, values };
  }
}

/** The RSSI graph of a device's panel: a component that keeps the device's history between the detail's refreshes. */
export function rssiHistoryGraph(ui: UiModuleApi): (props: { device: UiDevice }) => unknown {
  const { h, Fragment } = ui;
  const { Graph } = ui.components;
  return function RssiGraph({ device }: { device: UiDevice }) {
    const key = String(device['svc.device.base.key'] ?? '');
    const kept = ui.hooks.useRef<RssiHistory | undefined>(undefined);
    if (kept.current?.deviceKey !== key) kept.current = new RssiHistory(key);
    const history = kept.current;
    const signal = (device['svc.device.base.signal'] ?? {}) as Readonly<Record<string, unknown>>;
    const rrd = signal['svc.common.signal.signal_rrd'] as Readonly<Record<string, unknown>> | undefined;
    if (rrd === undefined) return h('p', { class: 'muted', 'data-rssi': 'none' }, 'svc keeps no signal history (track_device_rrds is off)');
    const minute = ui.rrd(rrd, 'minute', true);
    history.add(minute.times, minute.values);
    const range = history.range();
    if (range === undefined) return h('p', { class: 'muted', 'data-rssi': 'none' }, 'not heard since the minute before this detail opened');
    const series = history.series();
    const levels = range.min === range.max ? `${range.min} dBm` : `${range.min} to ${range.max} dBm`;
    return h(
      Fragment,
      null,
      h(Graph, { title: 'RSSI, peak per second', times: series.times, series: [{ label: 'RSSI', unit: 'dBm', values: series.values }] }),
      h('p', { class: 'muted', 'data-rssi': 'summary' }, `${levels}, heard in ${history.heardSeconds} of the last ${series.times.length} seconds; kept while this detail is open, ${RSSI_KEPT_SECONDS / 60} minutes at most`),
    );
  };
}
