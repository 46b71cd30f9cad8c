/**
 * The radio headers a generated frame is captured with: radiotap (DLT 127) with flags, rate,
 * channel, dBm signal and noise and antenna, the same measurements in a PPI 802.11-common field
 * (DLT 192), or none (DLT 105), so one generated scene exercises all three readers.
 */
import { u16, u32 } from './frame-builders.js';

/** The link types a generated capture can be written with. */
export const LinkType = { IEEE802_11: 105, RADIOTAP: 127, PPI: 192 } as const;
/** One of {@link LinkType}. */
export type LinkTypeNumber = (typeof LinkType)[keyof typeof LinkType];

/** What the radio measured for a frame. */
export interface RadioMeasurement {
  readonly freqMhz: number;
  readonly signalDbm: number;
  readonly noiseDbm: number;
  /** Legacy rate in 500 kb/s units. */
  readonly rate: number;
  readonly antenna?: number;
}

/** Radiotap channel flags for a centre frequency: 2 GHz CCK/OFDM or 5 GHz OFDM. */
const channelFlags = (freqMhz: number) => (freqMhz < 3000 ? 0x00a0 : 0x0140);

/** A radiotap header: flags, rate, channel, dBm signal, dBm noise and antenna. */
export function radiotap(radio: RadioMeasurement, flags = 0): Buffer {
  const present = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 5) | (1 << 6) | (1 << 11);
  const body = Buffer.concat([Buffer.from([flags, radio.rate]), u16(radio.freqMhz), u16(channelFlags(radio.freqMhz)), Buffer.from([radio.signalDbm & 0xff, radio.noiseDbm & 0xff, radio.antenna ?? 0])]);
  return Buffer.concat([Buffer.from([0, 0]), u16(8 + body.length), u32(present), body]);
}

/** A PPI header holding one 802.11-common field, the inner frame being plain 802.11. */
export function ppi(radio: RadioMeasurement, tsfMicroseconds = 0): Buffer {
  const common = Buffer.alloc(20);
  common.writeBigUInt64LE(BigInt(Math.floor(tsfMicroseconds)), 0);
  common.writeUInt16LE(0, 8); // flags: no FCS
  common.writeUInt16LE(radio.rate, 10);
  common.writeUInt16LE(radio.freqMhz, 12);
  common.writeUInt16LE(channelFlags(radio.freqMhz), 14);
  common.writeInt8(radio.signalDbm, 18);
  common.writeInt8(radio.noiseDbm, 19);
  const header = Buffer.alloc(8);
  header.writeUInt8(0, 0); // version
  header.writeUInt8(0, 1); // flags
  header.writeUInt16LE(8 + 4 + common.length, 2);
  header.writeUInt32LE(LinkType.IEEE802_11, 4);
  return Buffer.concat([header, u16(2), u16(common.length), common]);
}

/** The frame as captured under `linkType`: behind its radio header, or bare. */
export function withRadioHeader(linkType: LinkTypeNumber, frame: Buffer, radio: RadioMeasurement, tsfMicroseconds = 0): Buffer {
  if (linkType === LinkType.RADIOTAP) return Buffer.concat([radiotap(radio), frame]);
  if (linkType === LinkType.PPI) return Buffer.concat([ppi(radio, tsfMicroseconds), frame]);
  return frame;
}
