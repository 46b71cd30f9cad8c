/**
 * `log_level`: what the server log keeps. Read before anything else, since everything after it
 * logs; a value that is not a level is a config error naming its origin.
 */
import type { Config } from './config/config.js';
import { SvcError } from './errors.js';
import { LOG_LEVELS, type LogLevel } from './logger.js';

/** Reads `log_level` (default `info`). */
export function readLogLevel(config: Config): LogLevel {
  const level = config.get('log_level') ?? 'info';
  if (!LOG_LEVELS.includes(level as LogLevel)) {
    throw new SvcError('SVC_ERR_CONFIG_VALUE', `${config.origin('log_level')}: log_level must be one of ${LOG_LEVELS.join(', ')}, got '${level}'`);
  }
  return level as LogLevel;
}
