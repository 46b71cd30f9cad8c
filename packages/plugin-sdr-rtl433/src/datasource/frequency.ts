/**
 * Frequencies as users write them in a definition (`channel=433.92MHz`, `frequency=868300kHz`,
 * `channel=915000000`): a number with an optional unit, Hz when there is none, as Kismet's
 * rtl433 source reads them. The result is whole Hz for `rtl_433 -f`, and the channel text Kismet
 * reports (`433.920000MHz`).
 */
import { SvcError } from '@svc/core';

/** rtl_433's default: the 433.92 MHz ISM band most sensors use. */
export const DEFAULT_FREQUENCY_HZ = 433_920_000;

/** Lowest and highest frequency accepted: below is surely a missing unit; above, no SDR rtl_433 drives reaches. */
const MIN_HZ = 1_000_000;
const MAX_HZ = 6_000_000_000;

const UNITS: Record<string, number> = { '': 1, hz: 1, khz: 1e3, k: 1e3, mhz: 1e6, m: 1e6, ghz: 1e9, g: 1e9 };

const FREQUENCY = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i;

/** Parses a frequency; throws a definition error naming the option when it is not one. */
export function parseFrequencyHz(text: string, option = 'channel'): number {
  const match = FREQUENCY.exec(text);
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || unit === undefined) {
    throw new SvcError('SVC_ERR_BAD_DEFINITION', `rtl433 option ${option} must be a frequency such as 433.92MHz, 868300kHz or 915000000 (Hz), got '${text}'`);
  }
  const hz = Math.round(Number(match[1]) * unit);
  if (hz < MIN_HZ || hz > MAX_HZ) {
    const hint = match[2] === '' ? ' (a number without a unit is in Hz: write 433.92MHz)' : '';
    throw new SvcError('SVC_ERR_BAD_DEFINITION', `rtl433 option ${option} '${text}' is outside 1 MHz to 6 GHz${hint}`);
  }
  return hz;
}

/** The channel text Kismet reports for a frequency: MHz with six decimals. */
export function channelName(hz: number): string {
  return `${(hz / 1e6).toFixed(6)}MHz`;
}
