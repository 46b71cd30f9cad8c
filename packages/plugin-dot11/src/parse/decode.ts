/**
 * One captured frame to what svc knows of it: the radio header (radiotap or PPI) for channel,
 * signal and a bad FCS, the MAC header with address roles, the management body's fixed fields
 * and elements, and in unprotected data frames EAPOL-Key messages and IP traffic (with DHCP).
 * Never throws: a frame that cannot be read comes back with `malformed` (counted as an error
 * packet) or `notDot11` (not 802.11 at all).
 */
import { crc32 } from 'node:zlib';
import { channelOfFrequency } from './channels.js';
import { Dot11Malformed, Dot11Type, ManagementSubtype, NotDot11, parseDot11Header, type Dot11Header } from './dot11-header.js';
import { parseEapolKey, type EapolKey } from './eapol.js';
import type { IeParserTable } from './ie-parsers.js';
import { elementsFingerprint, parseIes, type Dot11Ies } from './ies.js';
import { parseIpData, type IpPacket } from './ip-data.js';
import { parsePpi } from './ppi.js';
import { parseRadiotap } from './radiotap.js';

/** Link types svc decodes. */
export const LinkType = { IEEE802_11: 105, RADIOTAP: 127, PPI: 192 } as const;

/** Radio measurements of a frame. */
export interface Dot11Radio {
  freqMhz?: number;
  channel?: number;
  signalDbm?: number;
  noiseDbm?: number;
  /** Legacy rate in 500 kb/s units. */
  rate?: number;
  widthMhz?: number;
  badFcs: boolean;
}

/** A decoded frame. */
export interface Dot11Frame {
  readonly radio: Dot11Radio;
  /** Bytes of the 802.11 frame itself (no radio header, no FCS), once the radio header was read. */
  frameLength?: number;
  /** Offset of the 802.11 frame in the packet's bytes (after the radio header), once the radio header was read. */
  frameStart?: number;
  /**
   * Offset in the packet's bytes of the frame body (after the MAC header and, for data frames,
   * the radiotap padding), when the header was read; other plugins' detectors read it in place.
   */
  bodyStart?: number;
  /** Frame type and subtype, whenever the frame control was readable (even when the rest is cut). */
  type?: number;
  subtype?: number;
  header?: Dot11Header;
  /** The bytes are not an 802.11 frame (another protocol version, an unknown link type). */
  notDot11?: string;
  /** Why the frame is malformed. */
  malformed?: string;
  /** Capability information of management frames that carry it. */
  capability?: number;
  beaconInterval?: number;
  /**
   * The elements of a management frame. Those of beacons and probe responses are parsed when
   * first read: the classifier skips them when `elementsHash` says they are the same as last time.
   */
  readonly ies?: Dot11Ies;
  /** {@link elementsFingerprint} of a beacon's or probe response's well-formed elements. */
  readonly elementsHash?: number;
  /**
   * Results of other plugins' element parsers (`getDot11Hooks(svc).ieParsers`), by parser name;
   * the same map as `ies.custom`. Reading it runs only the parsers, so a plugin that looks for
   * its element in every beacon leaves unparsed the elements the classifier skipped.
   */
  readonly custom?: Map<string, unknown>;
  /** Reason (deauth, disassoc) or status (auth, association response) code. */
  code?: number;
  eapol?: EapolKey;
  /** The IPv4 (or ARP) packet of an unprotected data frame, with its DHCP message if it carries one. */
  ip?: IpPacket;
}

/** Bytes of fixed fields before the elements, per management subtype (undefined: no elements). */
const FIXED_FIELDS: Readonly<Record<number, number>> = {
  [ManagementSubtype.ASSOC_REQUEST]: 4,
  [ManagementSubtype.ASSOC_RESPONSE]: 6,
  [ManagementSubtype.REASSOC_REQUEST]: 10,
  [ManagementSubtype.REASSOC_RESPONSE]: 6,
  [ManagementSubtype.PROBE_REQUEST]: 0,
  [ManagementSubtype.PROBE_RESPONSE]: 12,
  [ManagementSubtype.BEACON]: 12,
  [ManagementSubtype.AUTH]: 6,
  [ManagementSubtype.DEAUTH]: 2,
  [ManagementSubtype.DISASSOC]: 2,
};

/**
 * A decoded frame. Every field exists from the start, so all frames share one shape; the
 * elements of a beacon or probe response stay unparsed until something reads `ies`.
 */
export class DecodedFrame implements Dot11Frame {
  readonly radio: Dot11Radio = { freqMhz: undefined, channel: undefined, signalDbm: undefined, noiseDbm: undefined, rate: undefined, widthMhz: undefined, badFcs: false };
  frameLength: number | undefined = undefined;
  frameStart: number | undefined = undefined;
  bodyStart: number | undefined = undefined;
  type: number | undefined = undefined;
  subtype: number | undefined = undefined;
  header: Dot11Header | undefined = undefined;
  notDot11: string | undefined = undefined;
  malformed: string | undefined = undefined;
  capability: number | undefined = undefined;
  beaconInterval: number | undefined = undefined;
  code: number | undefined = undefined;
  eapol: EapolKey | undefined = undefined;
  ip: IpPacket | undefined = undefined;
  elementsHash: number | undefined = undefined;
  #ies: Dot11Ies | undefined = undefined;
  /** The frame while its elements are unparsed. */
  #data: Buffer | undefined = undefined;
  #elementsStart = 0;
  #elementsEnd = 0;
  #parsers: IeParserTable | undefined = undefined;
  /** The parsers' results, once they ran on elements still unparsed. */
  #custom: Map<string, unknown> | undefined = undefined;
  #customRead = false;

  get ies(): Dot11Ies | undefined {
    const data = this.#data;
    if (data !== undefined) {
      this.#data = undefined;
      if (this.#customRead) {
        this.#ies = parseIes(data, this.#elementsStart, this.#elementsEnd);
        this.#ies.custom = this.#custom;
      } else this.#ies = parseIes(data, this.#elementsStart, this.#elementsEnd, this.#parsers);
      this.#parsers = undefined;
    }
    return this.#ies;
  }

  get custom(): Map<string, unknown> | undefined {
    const data = this.#data;
    if (data === undefined) return this.#ies?.custom;
    if (!this.#customRead) {
      this.#custom = this.#parsers?.walk(data, this.#elementsStart, this.#elementsEnd);
      this.#customRead = true;
    }
    return this.#custom;
  }

  /** Parses the elements now, setting `malformed` when they run past the frame. */
  parseElements(data: Buffer, start: number, end: number, subtype: number): void {
    const ies = parseIes(data, start, end);
    this.#ies = ies;
    this.#elementsStart = start;
    this.#elementsEnd = end;
    if (ies.malformed) this.malformed = `${managementName(subtype)}: ${ies.malformed}`;
  }

  /** Keeps well-formed elements for parsing on first read; malformed ones are parsed at once. */
  deferElements(data: Buffer, start: number, end: number, subtype: number): void {
    const hash = elementsFingerprint(data, start, end);
    if (hash < 0) {
      this.parseElements(data, start, end, subtype);
      return;
    }
    this.elementsHash = hash;
    this.#data = data;
    this.#elementsStart = start;
    this.#elementsEnd = end;
  }

  /**
   * Where the elements are and how far they were read: 0 none, 1 kept unparsed (beacons and
   * probe responses), 2 parsed at once; with their start and end offsets in the packet's bytes.
   */
  elementsState(): [state: number, start: number, end: number] {
    if (this.#data !== undefined) return [1, this.#elementsStart, this.#elementsEnd];
    return this.#ies === undefined ? [0, 0, 0] : [2, this.#elementsStart, this.#elementsEnd];
  }

  /**
   * Puts the elements back as {@link elementsState} described them, on the packet's bytes `data`
   * (the same bytes the frame was decoded from in another thread): unparsed ones kept for a
   * first read with their fingerprint, parsed ones parsed again.
   */
  restoreElements(data: Buffer, state: number, start: number, end: number, hash: number | undefined): void {
    if (state === 1) {
      this.elementsHash = hash;
      this.#data = data;
      this.#elementsStart = start;
      this.#elementsEnd = end;
    } else if (state === 2) this.parseElements(data, start, end, this.subtype!);
  }

  /**
   * Runs other plugins' element parsers on the frame's elements (`data` is the packet's bytes):
   * when the elements are first read if they are still unparsed, at once otherwise.
   */
  useParsers(data: Buffer, parsers: IeParserTable): void {
    if (this.#data !== undefined) {
      this.#parsers = parsers;
      this.#customRead = false;
    }
    else if (this.#ies !== undefined) this.#ies.custom = parsers.walk(data, this.#elementsStart, this.#elementsEnd);
  }
}

/**
 * Hands a decoded frame other plugins' element parsers, on the main thread: the decoder knows
 * none (it sees only the frame), so their results reach `ies.custom` here, before any
 * `classify` tap reads them.
 */
export function useElementParsers(frame: Dot11Frame, data: Buffer, parsers: IeParserTable): void {
  if (frame instanceof DecodedFrame) frame.useParsers(data, parsers);
}

/** Decodes a frame of the given link type. */
export function decodeDot11(data: Buffer, linkType: number): Dot11Frame {
  const frame = new DecodedFrame();
  const radio = frame.radio;
  let start = 0;
  let end = data.length;
  let dataPad = false;
  let checkFcs = false;
  try {
    if (linkType === LinkType.RADIOTAP) {
      const radiotap = parseRadiotap(data);
      start = radiotap.length;
      if (radiotap.fcsAtEnd) end -= 4;
      dataPad = radiotap.dataPad;
      radio.badFcs = radiotap.badFcs;
      checkFcs = radiotap.fcsAtEnd && !radiotap.badFcs;
      radio.freqMhz = radiotap.freqMhz;
      radio.signalDbm = radiotap.signalDbm;
      radio.noiseDbm = radiotap.noiseDbm;
      radio.rate = radiotap.rate;
      radio.widthMhz = radiotap.widthMhz;
    } else if (linkType === LinkType.PPI) {
      const ppi = parsePpi(data);
      if (ppi.innerLinkType !== LinkType.IEEE802_11) {
        frame.notDot11 = `a PPI frame carrying link type ${ppi.innerLinkType}`;
        return frame;
      }
      start = ppi.length;
      if (ppi.fcsAtEnd) end -= 4;
      radio.badFcs = ppi.badFcs;
      radio.freqMhz = ppi.freqMhz;
      radio.signalDbm = ppi.signalDbm;
      radio.noiseDbm = ppi.noiseDbm;
      radio.rate = ppi.rate;
    } else if (linkType !== LinkType.IEEE802_11) {
      frame.notDot11 = `link type ${linkType} is not 802.11`;
      return frame;
    }
    if (radio.freqMhz !== undefined) radio.channel = channelOfFrequency(radio.freqMhz);
    if (end < start) throw new Dot11Malformed('the frame is shorter than its FCS');
    frame.frameLength = end - start;
    frame.frameStart = start;
    const header = parseDot11Header(data, start, end);
    // An 802.11 frame's FCS (noise of another protocol version is not one, and is no error).
    if (checkFcs && fcsWrong(data, start, end)) radio.badFcs = true;
    frame.header = header;
    frame.type = header.type;
    frame.subtype = header.subtype;
    const body = dataPad && header.type === Dot11Type.DATA ? start + Math.ceil(header.bodyOffset / 4) * 4 : start + header.bodyOffset;
    frame.bodyStart = body;
    if (header.type === Dot11Type.MANAGEMENT && !header.protected) decodeManagement(data, body, end, header.subtype, frame);
    else decodeDataBody(data, body, end, header, frame);
  } catch (error) {
    if (error instanceof NotDot11) frame.notDot11 = error.message;
    else {
      frame.malformed = (error as Error).message;
      if (error instanceof Dot11Malformed && error.frameKind) {
        frame.type = error.frameKind.type;
        frame.subtype = error.frameKind.subtype;
      }
    }
  }
  return frame;
}

/**
 * The EAPOL-Key message or IP packet of an unprotected data frame (the body from `body` to
 * `end`); throws a malformed frame's error as the rest of the decoder does.
 */
export function decodeDataBody(data: Buffer, body: number, end: number, header: Dot11Header, frame: Dot11Frame): void {
  if (header.type !== Dot11Type.DATA || header.protected || (header.subtype & 0x04) !== 0) return;
  frame.eapol = parseEapolKey(data, body, end);
  if (frame.eapol === undefined) frame.ip = parseIpData(data, body, end);
}

/**
 * Whether the FCS kept after a radiotap frame (`data[end, end + 4)`) is not the frame's CRC-32,
 * as Kismet checks it (kis_dlt_radiotap.cc): in either byte order, and not at all when it is zero.
 * Kismet's classifier drops such a frame, as it drops one the radio marked bad.
 */
function fcsWrong(data: Buffer, start: number, end: number): boolean {
  const fcs = data.readUInt32LE(end);
  if (fcs === 0) return false;
  const crc = crc32(data.subarray(start, end));
  return crc !== fcs && crc !== data.readUInt32BE(end);
}

function decodeManagement(data: Buffer, body: number, end: number, subtype: number, frame: DecodedFrame): void {
  const fixed = FIXED_FIELDS[subtype];
  if (fixed === undefined) return;
  if (end - body < fixed) {
    frame.malformed = `a ${managementName(subtype)} body needs ${fixed} bytes of fixed fields, it has ${end - body}`;
    return;
  }
  switch (subtype) {
    case ManagementSubtype.BEACON:
    case ManagementSubtype.PROBE_RESPONSE:
      frame.beaconInterval = data.readUInt16LE(body + 8);
      frame.capability = data.readUInt16LE(body + 10);
      break;
    case ManagementSubtype.ASSOC_REQUEST:
    case ManagementSubtype.REASSOC_REQUEST:
      frame.capability = data.readUInt16LE(body);
      break;
    case ManagementSubtype.ASSOC_RESPONSE:
    case ManagementSubtype.REASSOC_RESPONSE:
      frame.capability = data.readUInt16LE(body);
      frame.code = data.readUInt16LE(body + 2);
      break;
    case ManagementSubtype.AUTH:
      frame.code = data.readUInt16LE(body + 4);
      break;
    default:
      frame.code = data.readUInt16LE(body);
  }
  if (subtype === ManagementSubtype.DEAUTH || subtype === ManagementSubtype.DISASSOC) return;
  // Authentication bodies hold elements only for open system (0) and shared key (1); SAE, FT
  // and FILS carry algorithm-specific fields.
  if (subtype === ManagementSubtype.AUTH && data.readUInt16LE(body) > 1) return;
  if (subtype === ManagementSubtype.BEACON || subtype === ManagementSubtype.PROBE_RESPONSE) frame.deferElements(data, body + fixed, end, subtype);
  else frame.parseElements(data, body + fixed, end, subtype);
}

function managementName(subtype: number): string {
  return Object.entries(ManagementSubtype).find(([, value]) => value === subtype)?.[0].toLowerCase().replace('_', ' ') ?? `subtype ${subtype}`;
}
