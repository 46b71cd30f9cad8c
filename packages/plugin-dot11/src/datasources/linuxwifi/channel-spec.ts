/**
 * svc's Wi-Fi channel syntax (Kismet's): a channel number, optionally with a width: `6`,
 * `6HT20`, `6HT40+` (secondary channel above), `6HT40-` (below), `36VHT80`, `36VHT160`; and
 * the `iw` arguments that tune an interface to it (`set channel` for 20/40 MHz, `set freq`
 * with the centre frequency for VHT widths).
 */
import { SvcError } from '@svc/core';
import { frequencyOfChannel } from '../../parse/channels.js';
import { vhtCentre } from './iw-output.js';

/** A parsed channel. */
export interface WifiChannel {
  readonly channel: number;
  readonly width: '' | 'HT20' | 'HT40+' | 'HT40-' | 'VHT80' | 'VHT160';
}

/** Parses a channel; throws a bad-definition error naming the accepted forms. */
export function parseWifiChannel(text: string): WifiChannel {
  const match = /^(\d{1,3})(HT20|HT40\+|HT40-|VHT80|VHT160)?$/i.exec(text.trim());
  const channel = match ? Number(match[1]) : NaN;
  if (!match || frequencyOfChannel(channel) === undefined) {
    throw new SvcError('SVC_ERR_BAD_DEFINITION', `'${text}' is not a Wi-Fi channel: use a number with an optional width, as 6, 6HT40+, 6HT40-, 36VHT80 or 36VHT160`);
  }
  const width = (match[2]?.toUpperCase() ?? '') as WifiChannel['width'];
  if ((width === 'VHT80' || width === 'VHT160') && vhtCentre(channel, width === 'VHT80' ? 80 : 160) === undefined) {
    throw new SvcError('SVC_ERR_BAD_DEFINITION', `channel ${channel} has no ${width} block`);
  }
  return { channel, width };
}

/** The `iw` arguments that put `iface` on `channel`. */
export function iwChannelArgs(iface: string, channel: WifiChannel): string[] {
  if (channel.width === 'VHT80' || channel.width === 'VHT160') {
    const width = channel.width === 'VHT80' ? 80 : 160;
    const centre = frequencyOfChannel(vhtCentre(channel.channel, width)!)!;
    return ['dev', iface, 'set', 'freq', String(frequencyOfChannel(channel.channel)), String(width), String(centre)];
  }
  return ['dev', iface, 'set', 'channel', String(channel.channel), ...(channel.width ? [channel.width] : [])];
}
