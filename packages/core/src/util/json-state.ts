/**
 * Small JSON state files in the config dir (watchlists, ingest filter rules): read at start,
 * replaced atomically on every change. A file that cannot be read is set aside with a warning,
 * never overwritten, so a hand edit gone wrong loses nothing; a write that fails is logged and
 * the state stays in memory. Entries kept there sit beside entries from config lines, which are
 * listed first.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import type { Logger } from '../logger.js';
import { writeSecretFile } from './secret-file.js';

/** The parsed content of `file`, or undefined when it does not exist or could not be read (then it is moved aside). */
export function readJsonState(file: string, log: Logger, what: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    const aside = `${file}.unreadable-${Date.now()}`;
    renameSync(file, aside);
    log.warn(`${file} could not be read (${(error as Error).message}); moved it to ${aside} and started without the saved ${what}`);
    return undefined;
  }
}

/** Replaces `file` with `value` as JSON (owner-only, atomically); a failure is logged, not thrown. */
export function writeJsonState(file: string, value: unknown, log: Logger, what: string): void {
  try {
    writeSecretFile(file, `${JSON.stringify(value, null, 1)}\n`);
  } catch (error) {
    log.error(`could not save the ${what} to ${file}; they stay in memory until the server stops`, error);
  }
}

/** Entries from config lines before those added through the API, each group in its own order (one pass, no sort: lists reach 10 000). */
export function configFirst<T extends { readonly origin: 'config' | 'api' }>(items: readonly T[]): T[] {
  const config: T[] = [];
  const api: T[] = [];
  for (const item of items) (item.origin === 'config' ? config : api).push(item);
  return config.concat(api);
}
