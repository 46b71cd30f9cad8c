/**
 * Information elements of management frames, walked in place: SSID, supported and extended
 * rates, DS parameter set, TIM, country, HT/VHT/HE capabilities and operation, RSN, and the
 * vendor elements for WPA and WPS; every tag is listed in order. Other plugins read further
 * elements through an {@link IeParserTable}. An element whose length runs past the frame makes
 * the frame malformed, as tshark judges it.
 */
import type { IeParserTable } from './ie-parsers.js';
import { parseSecuritySuites, type SecuritySuites } from './security.js';
import { parseWps, type WpsInfo } from './wps.js';

/** What the elements of one frame say. */
export interface Dot11Ies {
  /** The SSID element's bytes (a view), when present. */
  ssid?: Buffer;
  /** Rates in 500 kb/s units (basic-rate bit cleared), supported then extended. */
  rates?: number[];
  /** Channel of the DS parameter set. */
  dsChannel?: number;
  dtimPeriod?: number;
  /** Country code (two letters) of the country element. */
  country?: string;
  htCapable: boolean;
  /** HT operation: primary channel and secondary offset (1 above, 3 below, 0 none). */
  htPrimaryChannel?: number;
  htSecondaryOffset?: number;
  vhtCapable: boolean;
  /** VHT operation channel width: 0 20/40, 1 80, 2 160, 3 80+80. */
  vhtChannelWidth?: number;
  heCapable: boolean;
  rsn?: SecuritySuites;
  wpa?: SecuritySuites;
  wps?: WpsInfo;
  /** Every element's tag, in order. */
  readonly tags: number[];
  /** Results of plugin-registered element parsers, by parser name. */
  custom?: Map<string, unknown>;
  /** Set when an element runs past the frame. */
  malformed?: string;
}

const TAG_SSID = 0;
const TAG_RATES = 1;
const TAG_DS = 3;
const TAG_TIM = 5;
const TAG_COUNTRY = 7;
const TAG_HT_CAPABILITIES = 45;
const TAG_RSN = 48;
const TAG_EXTENDED_RATES = 50;
const TAG_HT_OPERATION = 61;
const TAG_VHT_CAPABILITIES = 191;
const TAG_VHT_OPERATION = 192;
const TAG_VENDOR = 221;
const TAG_EXTENSION = 255;
const EXT_HE_CAPABILITIES = 35;
const OUI_MICROSOFT = 0x0050f2;

/**
 * A 31-bit FNV-1a hash (small enough to stay an unboxed integer) of the elements `data[start, end)` when they form a well-formed chain,
 * -1 when an element runs past the end or bytes are left over ({@link parseIes} says which).
 * Access points repeat the same elements in every beacon; the classifier compares this hash
 * with the last beacon's (Kismet's `ietag_csum`) and leaves the elements unparsed when they
 * have not changed. It reads the bytes without allocating.
 */
export function elementsFingerprint(data: Buffer, start: number, end: number): number {
  let at = start;
  while (end - at >= 2) {
    at += 2 + data[at + 1]!;
    if (at > end) return -1;
  }
  if (at !== end) return -1;
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ data[i]!, 0x01000193);
  return hash & 0x7fffffff;
}

/** Walks the elements in `data[start, end)`. */
export function parseIes(data: Buffer, start: number, end: number, parsers?: IeParserTable): Dot11Ies {
  // Every field exists from the start, so all element sets share one shape.
  const ies: Dot11Ies = {
    ssid: undefined,
    rates: undefined,
    dsChannel: undefined,
    dtimPeriod: undefined,
    country: undefined,
    htCapable: false,
    htPrimaryChannel: undefined,
    htSecondaryOffset: undefined,
    vhtCapable: false,
    vhtChannelWidth: undefined,
    heCapable: false,
    rsn: undefined,
    wpa: undefined,
    wps: undefined,
    tags: [],
    custom: undefined,
    malformed: undefined,
  };
  let at = start;
  while (end - at >= 2) {
    const tag = data[at]!;
    const length = data[at + 1]!;
    const value = at + 2;
    if (value + length > end) {
      ies.malformed = `element ${tag} claims ${length} bytes, ${end - value} remain`;
      return ies;
    }
    ies.tags.push(tag);
    readElement(data, tag, value, value + length, ies);
    if (parsers && !parsers.empty) {
      const oui = tag === TAG_VENDOR && length >= 3 ? data.readUIntBE(value, 3) : undefined;
      parsers.run(tag, oui, data, value, value + length, () => (ies.custom ??= new Map()));
    }
    at = value + length;
  }
  if (at !== end) ies.malformed = `${end - at} stray byte after the last element`;
  return ies;
}

function readElement(data: Buffer, tag: number, start: number, end: number, ies: Dot11Ies): void {
  const length = end - start;
  switch (tag) {
    case TAG_SSID:
      ies.ssid ??= data.subarray(start, end);
      return;
    case TAG_RATES:
    case TAG_EXTENDED_RATES:
      ies.rates ??= [];
      for (let i = start; i < end; i++) ies.rates.push(data[i]! & 0x7f);
      return;
    case TAG_DS:
      if (length >= 1) ies.dsChannel ??= data[start];
      return;
    case TAG_TIM:
      if (length >= 2) ies.dtimPeriod ??= data[start + 1];
      return;
    case TAG_COUNTRY:
      if (length >= 2) ies.country ??= data.toString('latin1', start, start + 2);
      return;
    case TAG_HT_CAPABILITIES:
      ies.htCapable = true;
      return;
    case TAG_HT_OPERATION:
      if (length >= 2) {
        ies.htPrimaryChannel ??= data[start];
        ies.htSecondaryOffset ??= data[start + 1]! & 0x03;
      }
      return;
    case TAG_VHT_CAPABILITIES:
      ies.vhtCapable = true;
      return;
    case TAG_VHT_OPERATION:
      if (length >= 1) ies.vhtChannelWidth ??= data[start];
      return;
    case TAG_RSN:
      ies.rsn ??= parseSecuritySuites(data, start, end);
      return;
    case TAG_EXTENSION:
      if (length >= 1 && data[start] === EXT_HE_CAPABILITIES) ies.heCapable = true;
      return;
    case TAG_VENDOR: {
      if (length < 3) return;
      const oui = data.readUIntBE(start, 3);
      if (oui === OUI_MICROSOFT && length >= 4) {
        const type = data[start + 3];
        if (type === 1) ies.wpa ??= parseSecuritySuites(data, start + 4, end);
        else if (type === 4) ies.wps ??= parseWps(data, start + 4, end);
      }
      return;
    }
    default:
  }
}
