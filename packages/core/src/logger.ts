/**
 * The server log: one line per event on stderr, with a level and an ISO time. Plugins log
 * through `svc.log`; anything that should also reach API clients goes through the message bus,
 * which logs too. Never pass a secret to a logger.
 */

/** Log levels, least to most severe. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** What plugins and core modules log through. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** A logger writing to a stream (stderr by default), dropping lines below `level`. */
export function createLogger(options: { level?: LogLevel; write?: (line: string) => void } = {}): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const emit = (level: LogLevel, message: string) => {
    if (ORDER[level] >= threshold) write(`${new Date().toISOString()} ${level.toUpperCase()} ${message}\n`);
  };
  return {
    debug: (message) => emit('debug', message),
    info: (message) => emit('info', message),
    warn: (message) => emit('warn', message),
    error: (message, error) => {
      const detail = error instanceof Error ? `\n${error.stack ?? error.message}` : error === undefined ? '' : ` (${String(error)})`;
      emit('error', `${message}${detail}`);
    },
  };
}
