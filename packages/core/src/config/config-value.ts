/**
 * Reading a config value through a parser, so that every subsystem's settings reader reports a
 * bad value the same way: as a startup error naming the line it came from.
 */
import { describeError, SvcError } from '../errors.js';
import type { Config } from './config.js';

/**
 * Parses a config value with `parse`; its error becomes a config error naming where the line
 * is (`origin`, or the key's last origin). An absent key is parsed as ''.
 */
export function configValue<T>(config: Config, key: string, parse: (value: string) => T, origin = config.origin(key)): T {
  try {
    return parse(config.get(key) ?? '');
  } catch (error) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${origin}: ${error instanceof SvcError ? error.message : describeError(error)}`, { cause: error });
  }
}

/**
 * Parses every line of a repeatable key (`ingest_filter=`, `devicealert=`) with `parse`; a bad
 * line is a config error naming where it was written. Each result carries its line's origin.
 */
export function configLines<T>(config: Config, key: string, parse: (value: string) => T): (T & { readonly origin: string })[] {
  return config.values(key).map(({ value, origin }) => ({ ...configValue(config, key, () => parse(value), origin), origin }));
}
