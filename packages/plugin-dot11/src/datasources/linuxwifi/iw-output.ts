/**
 * Reading what `iw` prints (iw 5.x and 6.x): `iw dev` for the wireless interfaces and their
 * modes, and `iw phy <phy> info` for whether a radio can monitor and which channels it may use.
 * The channel list is written the way svc's channel syntax spells channels (`6`, `6HT40+`,
 * `36VHT80`), so it can be handed to the hopper as it is.
 */
import { channelOfFrequency } from '../../parse/channels.js';

/** One wireless interface from `iw dev`. */
export interface IwInterface {
  /** Radio, as `phy0`. */
  readonly phy: string;
  readonly name: string;
  /** `managed`, `monitor`, `AP`, ... */
  readonly type: string;
  readonly address?: string;
  /** Current channel number, when the interface is on one. */
  readonly channel?: number;
}

/** What `iw phy <phy> info` says matters to svc. */
export interface IwPhyInfo {
  readonly monitor: boolean;
  /** Usable channels, then their HT40 and VHT variants where the radio supports them. */
  readonly channels: readonly string[];
}

/** Parses `iw dev`. */
export function parseIwDev(text: string): IwInterface[] {
  const interfaces: IwInterface[] = [];
  let phy = '';
  let current: { phy: string; name: string; type: string; address?: string; channel?: number } | undefined;
  const endInterface = () => {
    if (current) interfaces.push(current);
    current = undefined;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const phyMatch = /^phy#(\d+)$/.exec(line);
    if (phyMatch) {
      phy = `phy${phyMatch[1]}`;
      endInterface();
      continue;
    }
    if (line === 'Unnamed/non-netdev interface') {
      // A P2P device with no network interface: its fields are not the interface's before it.
      endInterface();
      continue;
    }
    const nameMatch = /^Interface (\S+)$/.exec(line);
    if (nameMatch) {
      endInterface();
      current = { phy, name: nameMatch[1]!, type: '' };
      continue;
    }
    if (!current) continue;
    const field = /^(type|addr|channel) (\S+)/.exec(line);
    if (field?.[1] === 'type') current.type = field[2]!;
    else if (field?.[1] === 'addr') current.address = field[2]!;
    else if (field?.[1] === 'channel') current.channel = Number(field[2]);
  }
  endInterface();
  return interfaces;
}

/** Parses `iw phy <phy> info`: monitor support and the channel list. */
export function parseIwPhyInfo(text: string): IwPhyInfo {
  let section: 'modes' | 'frequencies' | 'other' = 'other';
  let monitor = false;
  let ht40 = false;
  let vht = false;
  const channels: number[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === 'Supported interface modes:' || line.startsWith('software interface modes')) {
      section = 'modes';
      continue;
    }
    if (line === 'Frequencies:') {
      section = 'frequencies';
      continue;
    }
    if (section === 'modes' && line.startsWith('* ')) {
      if (line.slice(2).trim() === 'monitor') monitor = true;
      continue;
    }
    if (section === 'frequencies') {
      const frequency = /^\* (\d+)(?:\.\d+)? MHz \[(\d+)\](.*)$/.exec(line);
      if (frequency) {
        const rest = frequency[3]!;
        const mhz = Number(frequency[1]);
        if (!/disabled/.test(rest) && channelOfFrequency(mhz) !== undefined && mhz < 5950) channels.push(Number(frequency[2]));
        continue;
      }
    }
    if (line.startsWith('* ') && section !== 'other') continue;
    section = 'other';
    if (/HT20\/HT40/.test(line)) ht40 = true;
    if (line.startsWith('VHT Capabilities')) vht = true;
  }
  const list: string[] = channels.map(String);
  if (ht40) {
    for (const channel of channels) {
      if (channels.includes(channel + 4)) list.push(`${channel}HT40+`);
      if (channels.includes(channel - 4)) list.push(`${channel}HT40-`);
    }
  }
  // VHT80 where the whole 80 MHz block is usable.
  if (vht) for (const channel of channels) if (channel > 14 && vhtBlock(channel, 80)?.every((member) => channels.includes(member))) list.push(`${channel}VHT80`);
  return { monitor, channels: list };
}

const VHT80_GROUPS = [36, 52, 100, 116, 132, 149];
const VHT160_GROUPS = [36, 100];

/** The 20 MHz channels of the 80 or 160 MHz block holding a 5 GHz channel, if there is one. */
function vhtBlock(channel: number, width: 80 | 160): number[] | undefined {
  const size = width === 80 ? 16 : 32;
  for (const first of width === 80 ? VHT80_GROUPS : VHT160_GROUPS) {
    if (channel >= first && channel < first + size) return Array.from({ length: size / 4 }, (_, i) => first + i * 4);
  }
  return undefined;
}

/** Centre channel of the 80 or 160 MHz block holding a 5 GHz channel, if there is one. */
export function vhtCentre(channel: number, width: 80 | 160): number | undefined {
  const block = vhtBlock(channel, width);
  return block ? (block[0]! + block[block.length - 1]!) / 2 : undefined;
}
