/**
 * RRD records (`svc.common.rrd.*`) as graph series. A record's vectors are in absolute slots
 * (a second's slot is `t % 60`, a minute's `(t / 60) % 60`, an hour's `(t / 3600) % 24`), so the
 * series is read out from the slot after the last sample's, oldest first.
 */

/** Times (Unix seconds) and values of one resolution of an RRD record. */
export interface RrdSeries {
  readonly times: number[];
  readonly values: (number | null)[];
}

const RESOLUTIONS = {
  minute: { vector: 'svc.common.rrd.minute_vec', size: 60, step: 1 },
  hour: { vector: 'svc.common.rrd.hour_vec', size: 60, step: 60 },
  day: { vector: 'svc.common.rrd.day_vec', size: 24, step: 3600 },
} as const;

/** The last minute (per second), hour (per minute) or day (per hour) of an RRD record. */
export function rrdSeries(record: Record<string, unknown> | undefined, resolution: keyof typeof RESOLUTIONS, blankAsGap = false): RrdSeries {
  const { vector, size, step } = RESOLUTIONS[resolution];
  const values = record?.[vector] as number[] | undefined;
  const last = Number(record?.['svc.common.rrd.serial_time'] ?? record?.['svc.common.rrd.last_time'] ?? 0);
  if (!values || !last) return { times: [], values: [] };
  const lastSlot = Math.floor(last / step);
  const times: number[] = [];
  const out: (number | null)[] = [];
  for (let i = size - 1; i >= 0; i--) {
    const slot = lastSlot - i;
    const value = values[((slot % size) + size) % size] ?? 0;
    times.push(slot * step);
    out.push(blankAsGap && value === 0 ? null : value);
  }
  return { times, values: out };
}
