/**
 * One `watchlist=` line of svc.conf: `<MAC>[/<mask>][,<label>]`, the mask as a MAC
 * (`FF:FF:FF:00:00:00`) or a number of leading bits (`24`), so one line can watch a single
 * device or a whole manufacturer's range.
 */
import { formatMac, macMatches, parseMacMask, SvcError, type MacMask } from '@svc/core';

/** A parsed watchlist line. */
export interface WatchlistEntry {
  /** The address or range, normalised: `AA:BB:CC:00:00:00/FF:FF:FF:00:00:00`. */
  readonly match: string;
  /** What the user called it; the match itself when no label was given. */
  readonly label: string;
  /** True for a MAC this entry watches. */
  matches(mac: number): boolean;
}

/** Parses one line; throws `SVC_ERR_CONFIG_VALUE` saying what is wrong and what a line looks like. */
export function parseWatchlistEntry(line: string): WatchlistEntry {
  const comma = line.indexOf(',');
  const addressText = (comma < 0 ? line : line.slice(0, comma)).trim();
  const label = comma < 0 ? '' : line.slice(comma + 1).trim();
  const mask: MacMask | undefined = parseMacMask(addressText);
  if (!mask) {
    throw new SvcError(
      'SVC_ERR_CONFIG_VALUE',
      `watchlist '${line}': '${addressText}' is not a MAC or MAC/mask (write watchlist=AA:BB:CC:DD:EE:FF,label or watchlist=AA:BB:CC:00:00:00/24,label)`,
    );
  }
  const match = `${formatMac(mask.mac)}/${formatMac(mask.mask)}`;
  return { match, label: label || match, matches: (mac) => macMatches(mac, mask) };
}
