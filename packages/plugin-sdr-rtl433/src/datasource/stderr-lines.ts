/**
 * What rtl_433 says on stderr, sorted for the user: its banner and start-up chatter stay in the
 * debug log; what it found and tuned to becomes an info message on the source; lines that say
 * something failed become error messages and explain an exit (`No supported devices found.`,
 * `Async read stalled, exiting!`).
 */

/** Start-up chatter nobody needs on the message bus. */
const BANNER = [
  /^rtl_433 version /,
  /^Use -h for usage help/,
  /^Registered \d+ out of \d+ device decoding protocols/,
  /^Trying conf file/,
  /^Consider using/,
  /^baseband_demod_FM:/,
  /^\s*\[/,
];

/** Words of failure. */
const FAILURE = /fail|error|unable|cannot|can't|not found|no supported|stalled|unavailable|denied|invalid|unknown|bad /i;

/** The message level of one rtl_433 stderr line, or undefined for the debug log. */
export function rtl433StderrLevel(line: string): 'info' | 'error' | undefined {
  const text = line.trim();
  if (text === '' || BANNER.some((pattern) => pattern.test(text))) return undefined;
  return FAILURE.test(text) ? 'error' : 'info';
}
