/**
 * The aircraft watch list, `adsb_watch=` lines: each entry an ICAO address (six hex digits) or a
 * callsign pattern (`*` any run, `?` one character; `RYR*`, `N123??`), case-insensitive, several
 * to a line separated by commas. A bad entry fails the plugin with the line named.
 */
import { SvcError } from '@svc/core';

/** The config key of the watch list. */
export const WATCH_CONFIG_KEY = 'adsb_watch';

/** The watch list. */
export class AircraftWatchList {
  constructor(
    private readonly addresses: ReadonlySet<number>,
    private readonly callsigns: readonly RegExp[],
  ) {}

  /** Reads the `adsb_watch` lines. */
  static fromLines(lines: readonly string[]): AircraftWatchList {
    const addresses = new Set<number>();
    const callsigns: RegExp[] = [];
    for (const line of lines) {
      for (const raw of line.split(',')) {
        const entry = raw.trim().toUpperCase();
        if (entry === '') continue;
        if (/^[0-9A-F]{6}$/.test(entry)) addresses.add(Number.parseInt(entry, 16));
        else if (/^[A-Z0-9*?]{1,8}$/.test(entry)) callsigns.push(new RegExp(`^${entry.replaceAll('*', '.*').replaceAll('?', '.')}$`));
        else throw new SvcError('SVC_ERR_CONFIG_VALUE', `${WATCH_CONFIG_KEY}=${line}: '${raw.trim()}' is neither an ICAO address (six hex digits) nor a callsign pattern (up to 8 letters, digits, * and ?)`);
      }
    }
    return new AircraftWatchList(addresses, callsigns);
  }

  /** True when nothing is watched. */
  get empty(): boolean {
    return this.addresses.size === 0 && this.callsigns.length === 0;
  }

  /** What on the list the aircraft matches: its address or a callsign pattern; undefined when nothing. */
  match(icao: number, callsign: string): string | undefined {
    if (this.addresses.has(icao)) return 'its ICAO address';
    const upper = callsign.toUpperCase();
    if (upper !== '') for (const pattern of this.callsigns) if (pattern.test(upper)) return `its callsign ${callsign}`;
    return undefined;
  }
}
