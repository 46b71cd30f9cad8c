/**
 * PPI headers (DLT 192, the Per-Packet Information header some Windows and AirPcap captures
 * use), read in place: the inner link type, and the 802.11-common field (type 2) with FCS
 * presence and validity, rate, channel frequency, and dBm signal and noise. Other field types
 * are skipped by their length; a header or field that runs past the frame is malformed.
 */
import { RadioHeaderError, radioHeaderLength } from './radio-header.js';

/** What a PPI header says about a frame. */
export interface PpiInfo {
  /** Header length: the inner frame starts here. */
  readonly length: number;
  /** Link type of the inner frame (105 for 802.11). */
  readonly innerLinkType: number;
  fcsAtEnd: boolean;
  badFcs: boolean;
  /** Rate in 500 kb/s units. */
  rate?: number;
  freqMhz?: number;
  signalDbm?: number;
  noiseDbm?: number;
}


const FIELD_80211_COMMON = 2;

/** Parses the PPI header at the start of `data`. */
export function parsePpi(data: Buffer): PpiInfo {
  const length = radioHeaderLength(data, 'PPI');
  const info: PpiInfo = { length, innerLinkType: data.readUInt32LE(4), fcsAtEnd: false, badFcs: false };
  for (let at = 8; at + 4 <= length; ) {
    const type = data.readUInt16LE(at);
    const size = data.readUInt16LE(at + 2);
    const body = at + 4;
    if (body + size > length) throw new RadioHeaderError(`PPI field ${type} runs past the header`);
    if (type === FIELD_80211_COMMON && size >= 20) {
      const flags = data.readUInt16LE(body + 8);
      info.fcsAtEnd = (flags & 0x0001) !== 0;
      info.badFcs = (flags & 0x0004) !== 0;
      info.rate = data.readUInt16LE(body + 10) || undefined;
      info.freqMhz = data.readUInt16LE(body + 12) || undefined;
      const signal = data.readInt8(body + 18);
      const noise = data.readInt8(body + 19);
      // -128 (0x80) is "not measured" in PPI captures.
      if (signal !== -128 && signal !== 0) info.signalDbm = signal;
      if (noise !== -128 && noise !== 0) info.noiseDbm = noise;
    }
    at = body + size;
  }
  return info;
}
