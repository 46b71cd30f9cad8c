/** Formatting for the tables and panels: times, ages, sizes and counts. */

/** A Unix time as local date and time. */
export function dateTime(seconds: number): string {
  if (!seconds) return '';
  return new Date(seconds * 1000).toLocaleString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** How long ago a Unix time was, in the largest unit that fits (`12 s`, `5 min`, `3 h`, `2 d`). */
export function ago(seconds: number, now = Date.now() / 1000): string {
  if (!seconds) return '';
  const delta = Math.max(0, Math.round(now - seconds));
  if (delta < 60) return `${delta} s`;
  if (delta < 3600) return `${Math.floor(delta / 60)} min`;
  if (delta < 86_400) return `${Math.floor(delta / 3600)} h`;
  return `${Math.floor(delta / 86_400)} d`;
}

/** A duration in seconds as `1 d 2 h`, `3 h 4 min` or `5 min`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes} min`;
  return minutes ? `${minutes} min` : `${s} s`;
}

/** Kilobytes as KB, MB or GB. */
export function kilobytes(kb: number): string {
  if (kb < 1024) return `${kb} KB`;
  if (kb < 1024 * 1024) return `${(kb / 1024).toFixed(1)} MB`;
  return `${(kb / 1024 / 1024).toFixed(2)} GB`;
}

/** One formatter for every count: making one per call is what makes toLocaleString slow. */
const COUNT_FORMAT = new Intl.NumberFormat();

/** A count with thousands separators. */
export function count(value: number): string {
  return COUNT_FORMAT.format(value);
}

/** A field value as short text for a table cell. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
