/**
 * Log file names as Kismet makes them (`log_template=%p/%n-%D-%t-%i.%l`): prefix directory,
 * title, local date `YYYYMMDD`, local time `HH-MM-SS`, and the first number from 1 that makes
 * the name new, then the log type's extension.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const two = (value: number) => String(value).padStart(2, '0');

/** The path of a new log: `<prefix>/<title>-YYYYMMDD-HH-MM-SS-N.<extension>`, N the first free number. */
export function logFileName(prefix: string, title: string, extension: string, when = new Date(), exists: (path: string) => boolean = existsSync): string {
  const date = `${when.getFullYear()}${two(when.getMonth() + 1)}${two(when.getDate())}`;
  const time = `${two(when.getHours())}-${two(when.getMinutes())}-${two(when.getSeconds())}`;
  for (let number = 1; ; number++) {
    const path = join(prefix, `${title}-${date}-${time}-${number}.${extension}`);
    if (!exists(path)) return path;
  }
}

/** A `log_title` is used in file names: no path separators, not empty. */
export function isValidLogTitle(title: string): boolean {
  return title.length > 0 && title.length <= 128 && !/[/\\\0]/.test(title) && title !== '.' && title !== '..';
}
