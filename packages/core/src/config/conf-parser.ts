/**
 * Parser for the `svc.conf` format: one `key=value` per line, `#` starts a comment line, blank
 * lines are ignored, and a key may repeat (each occurrence is one more value, as with
 * `source=`). A malformed line is an error naming the file and line; the line itself is not
 * echoed, since it may hold a password.
 */
import { SvcError } from '../errors.js';

/** One `key=value` line with where it came from. */
export interface ConfEntry {
  readonly key: string;
  readonly value: string;
  readonly file: string;
  readonly line: number;
}

const KEY = /^[A-Za-z0-9_.-]+$/;

/** Parses the text of one config file. */
export function parseConf(text: string, file: string): ConfEntry[] {
  const entries: ConfEntry[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const trimmed = lines[index]!.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const equals = trimmed.indexOf('=');
    const key = equals > 0 ? trimmed.slice(0, equals).trim() : '';
    if (!KEY.test(key)) {
      throw new SvcError(
        'SVC_ERR_CONFIG_SYNTAX',
        `${file}:${index + 1}: expected 'key=value' with a key of letters, digits, '_', '.' or '-'`,
      );
    }
    entries.push({ key, value: trimmed.slice(equals + 1).trim(), file, line: index + 1 });
  }
  return entries;
}
