/**
 * Radiotap headers (DLT 127), read in place: the presence bitmaps (extended, with radiotap and
 * vendor namespaces), each field at its natural alignment, and the measurements svc uses: the
 * flags (FCS at the end, bad FCS, data padding), rate, channel, dBm signal and noise, antenna,
 * MCS, A-MPDU, VHT and HE bandwidth. A field of an unknown kind stops the walk (its size is
 * unknown) with what was read so far; a header that runs past the frame is malformed.
 */
import { RadioHeaderError, radioHeaderLength } from './radio-header.js';

/** What a radiotap header says about a frame. Every field exists from the start (one shape). */
export class RadiotapInfo {
  /** The frame ends with a 4-byte FCS. */
  fcsAtEnd = false;
  /** The receiver found the FCS wrong. */
  badFcs = false;
  /** Padding between the 802.11 header and its body (to a 32-bit boundary). */
  dataPad = false;
  /** The radio's TSF timer in microseconds (exact to 2^53). */
  tsft: number | undefined = undefined;
  /** Legacy rate, in 500 kb/s units. */
  rate: number | undefined = undefined;
  freqMhz: number | undefined = undefined;
  channelFlags: number | undefined = undefined;
  signalDbm: number | undefined = undefined;
  noiseDbm: number | undefined = undefined;
  antenna: number | undefined = undefined;
  mcs: number | undefined = undefined;
  /** Channel width in MHz, from MCS, VHT or HE. */
  widthMhz: number | undefined = undefined;
  ampduReference: number | undefined = undefined;
  vhtMcs: number | undefined = undefined;
  he = false;

  constructor(
    /** Header length: the 802.11 frame starts here. */
    readonly length: number,
  ) {}
}

/** Alignment and size of radiotap namespace fields 0..27 (radiotap.org "defined fields"). */
const FIELD_ALIGNMENT = Uint8Array.from([8, 1, 1, 2, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 2, 2, 1, 1, 4, 1, 4, 2, 8, 2, 2, 2, 1, 2]);
const FIELD_SIZE = Uint8Array.from([8, 1, 1, 4, 2, 1, 1, 2, 2, 2, 1, 1, 1, 1, 2, 2, 1, 1, 8, 3, 8, 12, 12, 12, 12, 6, 1, 4]);
const PRESENT_EXT = 31;
const PRESENT_VENDOR_NEXT = 30;
const PRESENT_RADIOTAP_NEXT = 29;
const MCS_WIDTH = [20, 40, 20, 20] as const;
const HE_WIDTH = [20, 40, 80, 160] as const;

/** Parses the radiotap header at the start of `data`. */
export function parseRadiotap(data: Buffer): RadiotapInfo {
  const length = radioHeaderLength(data, 'radiotap');
  const info = new RadiotapInfo(length);

  // The presence words follow each other from offset 4; the fields start after the last one.
  let words = 0;
  for (;;) {
    if (4 + words * 4 + 4 > length) throw new RadioHeaderError('the radiotap presence bitmaps run past the header');
    words++;
    if (!(data.readUInt32LE(4 + (words - 1) * 4) & (1 << PRESENT_EXT))) break;
  }
  let at = 4 + words * 4;

  // Each word belongs to the namespace the word before it announced (radiotap for the first).
  let vendor = false;
  let previousVendor = false;
  let firstRadiotapWord = true;
  for (let index = 0; index < words; index++) {
    const bits = data.readUInt32LE(4 + index * 4) >>> 0;
    if (vendor) {
      // A vendor namespace: its data starts with OUI(3), sub-namespace(1), skip length(2), 2-aligned.
      if (!previousVendor) {
        at = align(at, 2);
        if (at + 6 > length) throw new RadioHeaderError('a radiotap vendor namespace runs past the header');
        at += 6 + data.readUInt16LE(at + 4);
      }
    } else {
      for (let field = 0; field < 29; field++) {
        if (!(bits & (1 << field))) continue;
        if (field >= FIELD_SIZE.length) return info; // TLVs or an unknown field: its size is unknown, stop here
        at = align(at, FIELD_ALIGNMENT[field]!);
        const size = FIELD_SIZE[field]!;
        if (at + size > length) throw new RadioHeaderError(`radiotap field ${field} runs past the header`);
        if (field !== 1 || firstRadiotapWord) readField(data, at, field, info);
        at += size;
      }
      firstRadiotapWord = false;
    }
    previousVendor = vendor;
    if (bits & (1 << PRESENT_VENDOR_NEXT)) vendor = true;
    else if (bits & (1 << PRESENT_RADIOTAP_NEXT)) vendor = false;
  }
  return info;
}

function align(offset: number, alignment: number): number {
  return alignment <= 1 ? offset : Math.ceil(offset / alignment) * alignment;
}

function readField(data: Buffer, at: number, field: number, info: RadiotapInfo): void {
  switch (field) {
    case 0:
      info.tsft ??= data.readUInt32LE(at) + data.readUInt32LE(at + 4) * 0x100000000;
      return;
    case 1: {
      const flags = data[at]!;
      info.fcsAtEnd = (flags & 0x10) !== 0;
      info.dataPad = (flags & 0x20) !== 0;
      info.badFcs = (flags & 0x40) !== 0;
      return;
    }
    case 2:
      info.rate ??= data[at];
      return;
    case 3:
      info.freqMhz ??= data.readUInt16LE(at) || undefined;
      info.channelFlags ??= data.readUInt16LE(at + 2);
      return;
    case 5:
      info.signalDbm ??= data.readInt8(at);
      return;
    case 6:
      info.noiseDbm ??= data.readInt8(at);
      return;
    case 11:
      info.antenna ??= data[at];
      return;
    case 18:
      info.freqMhz ??= data.readUInt16LE(at + 4) || undefined;
      return;
    case 19: {
      const known = data[at]!;
      if (known & 0x02) info.mcs ??= data[at + 2];
      if (known & 0x01) info.widthMhz ??= MCS_WIDTH[data[at + 1]! & 0x03];
      return;
    }
    case 20:
      info.ampduReference ??= data.readUInt32LE(at);
      return;
    case 21: {
      const known = data.readUInt16LE(at);
      if (known & 0x0040) info.widthMhz ??= vhtWidth(data[at + 3]!);
      info.vhtMcs ??= data[at + 4]! >> 4;
      return;
    }
    case 23: {
      info.he = true;
      const data1 = data.readUInt16LE(at);
      const bandwidth = data.readUInt16LE(at + 8) & 0x0f;
      if (data1 & 0x4000 && bandwidth <= 3) info.widthMhz ??= HE_WIDTH[bandwidth];
      return;
    }
    default:
  }
}

/** VHT bandwidth code (radiotap VHT field) to MHz. */
function vhtWidth(code: number): number | undefined {
  if (code === 0) return 20;
  if (code <= 3) return 40;
  if (code <= 10) return 80;
  if (code <= 25) return 160;
  return undefined;
}
