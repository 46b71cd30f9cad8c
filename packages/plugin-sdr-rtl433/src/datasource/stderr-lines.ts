/**
 * What rtl_433 says on stderr, sorted for the user. Only lines recognised as rtl_433's own
 * diagnostics are shown: its banner and start-up chatter go to the debug log; what it found and
 * tuned to becomes an info message on the source; what failed becomes an error message and
 * explains an exit (`No supported devices found.`, `Async read stalled, exiting!`). Anything
 * else is not shown at all: rtl_433 echoes the lines of a config file it cannot parse (`conf=`
 * could name any file the server can read), so an unknown line is treated as file content.
 */
import type { StderrVerdict } from '@svc/core';

/** Start-up chatter nobody needs on the message bus. */
const BANNER = [
  /^rtl_433 version /,
  /^Use -h for usage help/,
  /^Registered \d+ out of \d+ device decoding protocols/,
  /^Trying conf file at "/,
  /^Consider using /,
  /^baseband_demod_FM: /,
  /^Test mode active\. Reading samples from file: /,
  /^\[[\d-]+\]? /,
  /^\[\d+\]\*? /,
  /^\* Disabled by default/,
];

/** What rtl_433 found and set up. */
const INFO = [
  /^Found \d+ device\(s\):?$/,
  /^\d+: {1,2}\S.*, SN: /,
  /^Using device \d+: /,
  /^Found (Rafael Micro|Elonics|Fitipower|FCI|Realtek)/,
  /^Exact sample rate is: /,
  /^Sample rate set to /,
  /^Bit detection level set to /,
  /^Tuner gain set to /,
  /^Tuned to /,
  /^Tuner error set to /,
  /^Allocating \d+ zero-copy buffers$/,
  /^Reading samples in async mode\.\.\.$/,
  /^rtl_tcp input from \S+ port \d+$/,
  /^Detached kernel driver$/,
];

/** What failed, in rtl_433's and librtlsdr's words. */
const ERROR = [
  /^No supported devices found\.$/,
  /^Async read stalled, exiting!$/,
  /^usb_open error -?\d+$/,
  /^usb_claim_interface error -?\d+$/,
  /^Please fix the device permissions/,
  /^Failed to open rtlsdr device #?\d+/,
  /^Kernel driver is active, or device is claimed/,
  /^Opening file: .* failed!$/,
  /^Failed to stat "/,
  /^Bad flex spec/,
  /^Use -X <spec> to add a general purpose decoder/,
  /^(connect|socket|getaddrinfo): /,
  /^WARNING: /,
  /^rtlsdr_\w+: /,
  /^cb transfer status: /,
];

/** The verdict on one rtl_433 stderr line; undefined for a line that is not its own diagnostic. */
export function classifyRtl433Stderr(line: string): StderrVerdict | undefined {
  if (BANNER.some((pattern) => pattern.test(line))) return { level: 'debug' };
  if (INFO.some((pattern) => pattern.test(line))) return { level: 'info' };
  if (ERROR.some((pattern) => pattern.test(line))) return { level: 'error' };
  // rtl_433's words for a config line it cannot parse, followed by the line itself.
  if (/^Unknown keyword /.test(line)) return { level: 'error', text: 'Unknown keyword in the config file (the line is not shown)' };
  return undefined;
}
