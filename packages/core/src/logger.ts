/**
 * The server log: one line per event on stderr, with a level and an ISO time. Plugins log
 * through `svc.log`; anything that should also reach API clients goes through the message bus,
 * which logs too. Never pass a secret to a logger. Control characters in a message are written
 * as escapes, so text from a client or a remote tool cannot forge a log line; only an error's
 * stack frames, which svc's own code produced, take lines of their own.
 */
import { escapeControlCharacters } from './util/control-characters.js';

/** Log levels, least to most severe. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Every log level, least severe first (`log_level` takes one). */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

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
  /** Writes one entry: the message escaped, then `trailer` (already safe) as it is. */
  const emit = (level: LogLevel, message: string, trailer = '') => {
    if (ORDER[level] >= threshold) write(`${new Date().toISOString()} ${level.toUpperCase()} ${escapeControlCharacters(message)}${trailer}\n`);
  };
  return {
    debug: (message) => emit('debug', message),
    info: (message) => emit('info', message),
    warn: (message) => emit('warn', message),
    error: (message, error) => {
      if (!(error instanceof Error)) return emit('error', error === undefined ? message : `${message} (${String(error)})`);
      const head = `${error.name}: ${error.message}`;
      const stack = error.stack ?? head;
      // The stack's first line is the error's message, which may quote outside text; the frames are svc's own.
      const frames = stack.startsWith(head) ? stack.slice(head.length) : '';
      emit('error', message, `\n${escapeControlCharacters(head)}${frames}`);
    },
  };
}
