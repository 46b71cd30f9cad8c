/**
 * The SSID records of the dot11 device model (kismet-reference 4.6): what a network advertises
 * in its beacons or probe responses (`dot11.advertisedssid.*`) and what a station asks for in
 * its probe requests (`dot11.probedssid.*`). Kept as small classes with numeric and string
 * fields; the Kismet-shaped record is built only when a client asks.
 */
import { formatMac } from '@svc/core';
import type { Dot11Ies } from '../parse/ies.js';
import type { WpsInfo } from '../parse/wps.js';
import { cryptText } from './crypt.js';
import { NO_TAGS, sharedTags } from './tag-lists.js';

/** SSID text as clients see it; invalid UTF-8 shows as replacement characters. */
export function ssidText(ssid: Buffer | undefined): string {
  return ssid ? ssid.toString('utf8') : '';
}

/** A hidden network sends an empty SSID or one of NUL bytes. */
export function isCloaked(ssid: Buffer | undefined): boolean {
  if (!ssid || ssid.length === 0) return true;
  for (const byte of ssid) if (byte !== 0) return false;
  return true;
}

/** A map key for an SSID's bytes (latin1 keeps every byte value distinct). */
export function ssidKey(ssid: Buffer | undefined): string {
  return ssid ? ssid.toString('latin1') : '';
}

/** 32-bit FNV-1a of the SSID bytes: Kismet's `ssid_hash` role, a stable id for the record. */
export function ssidHash(ssid: Buffer | undefined): number {
  let hash = 0x811c9dc5;
  if (ssid) for (const byte of ssid) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** The HT/VHT mode an access point announces (`HT40+`, `VHT80`), empty for legacy networks. */
export function htMode(ies: Dot11Ies | undefined): string {
  if (!ies) return '';
  switch (ies.vhtChannelWidth) {
    case 1:
      return 'VHT80';
    case 2:
      return 'VHT160';
    case 3:
      return 'VHT80+80';
    default:
  }
  if (ies.htSecondaryOffset === 1) return 'HT40+';
  if (ies.htSecondaryOffset === 3) return 'HT40-';
  return ies.htPrimaryChannel !== undefined || ies.htCapable ? 'HT20' : '';
}

/** Channel width in MHz for an HT/VHT mode. */
function channelWidth(mode: string): number {
  if (mode.startsWith('HT40')) return 40;
  if (mode === 'VHT80') return 80;
  if (mode === 'VHT160' || mode === 'VHT80+80') return 160;
  return 20;
}

/**
 * Keeps `current` when `next` holds the same tags, so a record holds on to one array instead of
 * a fresh one per frame (fewer objects outlive the young generation); otherwise the list shared
 * by every record with `next`'s tags (see tag-lists.ts).
 */
export function sameTagsOr(current: readonly number[], next: readonly number[]): readonly number[] {
  if (current.length !== next.length) return sharedTags(next);
  for (let i = 0; i < next.length; i++) if (current[i] !== next[i]) return sharedTags(next);
  return current;
}

/** Keeps `current` when `next` says the same, for the same reason as {@link sameTagsOr}. */
export function sameWpsOr(current: WpsInfo | undefined, next: WpsInfo): WpsInfo {
  if (
    current &&
    current.state === next.state &&
    current.locked === next.locked &&
    current.version === next.version &&
    current.deviceName === next.deviceName &&
    current.manufacturer === next.manufacturer &&
    current.modelName === next.modelName &&
    current.modelNumber === next.modelNumber &&
    current.serialNumber === next.serialNumber
  ) {
    return current;
  }
  return next;
}

function wpsFields(prefix: string, wps: WpsInfo | undefined): Record<string, unknown> {
  if (!wps) return {};
  const record: Record<string, unknown> = {};
  if (wps.version !== undefined) record[`${prefix}.wps_version`] = wps.version;
  if (wps.state !== undefined) record[`${prefix}.wps_state`] = wps.state;
  if (wps.manufacturer !== undefined) record[`${prefix}.wps_manuf`] = wps.manufacturer;
  if (wps.deviceName !== undefined) record[`${prefix}.wps_device_name`] = wps.deviceName;
  if (wps.modelName !== undefined) record[`${prefix}.wps_model_name`] = wps.modelName;
  if (wps.modelNumber !== undefined) record[`${prefix}.wps_model_number`] = wps.modelNumber;
  if (wps.serialNumber !== undefined) record[`${prefix}.wps_serial_number`] = wps.serialNumber;
  return record;
}

/** A network as one access point advertises it (beacon) or answers for it (probe response). */
export class AdvertisedSsid {
  readonly ssid: string;
  readonly ssidLength: number;
  readonly hash: number;
  readonly cloaked: boolean;
  inBeacon = false;
  inProbeResponse = false;
  channel = '';
  htMode = '';
  // Initialised here, not only in the constructor, so that V8 stores times in place (see TrackedDevice).
  firstTime = 0;
  lastTime = 0;
  /** Crypt bitfield. */
  crypt = 0;
  /** Fastest advertised rate in Mb/s. */
  maxRate = 0;
  /** Beacon interval in time units (1.024 ms); 0 when not seen in a beacon. */
  beaconInterval = 0;
  /** Beacons counted in the second `beaconSecond`, and in the second before it. */
  #beaconsThisSecond = 0;
  #beaconsLastSecond = 0;
  #beaconSecond = 0;
  country = '';
  wps: WpsInfo | undefined;
  tags: readonly number[] = NO_TAGS;
  /** The frame the last full update came from (see {@link AdvertisedSsid.repeats}); -1 when none. */
  #elementsHash = -1;
  #capability = -1;
  #radioMhz = -1;

  /**
   * A record of the network named by `ssid`'s bytes; `identity` gives the length and hash of the
   * original bytes when they are not at hand (a record rebuilt from a log knows only the text).
   */
  constructor(ssid: Buffer | undefined, time: number, identity?: { readonly length: number; readonly hash: number }) {
    this.ssid = ssidText(ssid);
    this.ssidLength = identity?.length ?? ssid?.length ?? 0;
    this.hash = identity?.hash ?? ssidHash(ssid);
    this.cloaked = isCloaked(ssid);
    this.firstTime = time;
    this.lastTime = time;
  }

  /**
   * True when a frame with these elements, capability and radio frequency says nothing the last
   * full update did not: the caller then only {@link AdvertisedSsid.count}s it.
   */
  repeats(elementsHash: number, capability: number, radioMhz: number): boolean {
    return this.#elementsHash === elementsHash && this.#capability === capability && this.#radioMhz === radioMhz;
  }

  /** Notes the frame the full update just made was read from (see {@link AdvertisedSsid.repeats}). */
  rememberFrame(elementsHash: number, capability: number, radioMhz: number): void {
    this.#elementsHash = elementsHash;
    this.#capability = capability;
    this.#radioMhz = radioMhz;
  }

  /** Records one beacon or probe response for this network. */
  update(time: number, beacon: boolean, ies: Dot11Ies | undefined, crypt: number, beaconInterval: number | undefined, channel: string): void {
    this.#elementsHash = -1;
    this.count(time, beacon, beaconInterval);
    if (channel) this.channel = channel;
    this.crypt = crypt;
    if (!ies) return;
    const mode = htMode(ies);
    if (mode) this.htMode = mode;
    if (ies.rates) for (const rate of ies.rates) if (rate / 2 > this.maxRate) this.maxRate = rate / 2;
    if (ies.country && ies.country !== this.country) this.country = ies.country;
    if (ies.wps) this.wps = sameWpsOr(this.wps, ies.wps);
    this.tags = sameTagsOr(this.tags, ies.tags);
  }

  /** Beacons heard in the last whole second (`beacons_sec`), for the tracker's state snapshot. */
  get beaconsPerSecond(): number {
    return this.#beaconsLastSecond;
  }

  /** Sets the beacons of the last full second a log kept (a record rebuilt at restart). */
  restoreBeaconsPerSecond(beacons: number): void {
    this.#beaconsLastSecond = beacons;
  }

  /** Counts a beacon or probe response in the times and the beacon rate, without reading its content. */
  count(time: number, beacon: boolean, beaconInterval: number | undefined): void {
    if (time > this.lastTime) this.lastTime = time;
    if (time < this.firstTime) this.firstTime = time;
    if (beacon) {
      this.inBeacon = true;
      const second = Math.floor(time);
      if (second !== this.#beaconSecond) {
        this.#beaconsLastSecond = second === this.#beaconSecond + 1 ? this.#beaconsThisSecond : 0;
        this.#beaconsThisSecond = 0;
        this.#beaconSecond = second;
      }
      this.#beaconsThisSecond++;
      if (beaconInterval) this.beaconInterval = beaconInterval;
    } else this.inProbeResponse = true;
  }

  /** The `dot11.advertisedssid` record. */
  toRecord(): Record<string, unknown> {
    return {
      'dot11.advertisedssid.ssid': this.ssid,
      'dot11.advertisedssid.ssidlen': this.ssidLength,
      'dot11.advertisedssid.ssid_hash': this.hash,
      'dot11.advertisedssid.beacon': this.inBeacon ? 1 : 0,
      'dot11.advertisedssid.probe_response': this.inProbeResponse ? 1 : 0,
      'dot11.advertisedssid.channel': this.channel,
      'dot11.advertisedssid.ht_mode': this.htMode,
      'dot11.advertisedssid.channel_width': channelWidth(this.htMode),
      'dot11.advertisedssid.first_time': Math.floor(this.firstTime),
      'dot11.advertisedssid.last_time': Math.floor(this.lastTime),
      'dot11.advertisedssid.cloaked': this.cloaked ? 1 : 0,
      'dot11.advertisedssid.crypt_set': this.crypt,
      'dot11.advertisedssid.crypt_bitfield': this.crypt,
      'dot11.advertisedssid.crypt_string': cryptText(this.crypt),
      'dot11.advertisedssid.maxrate': this.maxRate,
      'dot11.advertisedssid.beaconrate': this.beaconInterval ? Math.round(1e6 / (this.beaconInterval * 1024)) : 0,
      'dot11.advertisedssid.beacons_sec': this.#beaconsLastSecond,
      'dot11.advertisedssid.dot11d_country': this.country,
      'dot11.advertisedssid.ie_tag_list': [...this.tags],
      ...wpsFields('dot11.advertisedssid', this.wps),
    };
  }
}

/** A network one station asked for in its probe requests. */
export class ProbedSsid {
  /** The SSID's bytes as {@link ssidKey} spells them, which tell one probed network from another. */
  readonly key: string;
  readonly ssid: string;
  readonly ssidLength: number;
  // Initialised here, not only in the constructor, so that V8 stores times in place (see TrackedDevice).
  firstTime = 0;
  lastTime = 0;
  /** BSSID the request was addressed to (broadcast for a wildcard search). */
  bssid = 0;
  /** Crypt bitfield the request offered (RSN or WPA elements in the probe). */
  crypt = 0;
  wps: WpsInfo | undefined;
  tags: readonly number[] = NO_TAGS;

  /** `key` is given when it is known apart from the bytes (a record restored from the state snapshot, whose text may have lost bytes that were not UTF-8). */
  constructor(ssid: Buffer | undefined, bssid: number, time: number, key = ssidKey(ssid)) {
    this.key = key;
    const text = ssidText(ssid);
    // An ASCII SSID reads the same either way: the record keeps one string for both.
    this.ssid = text === key ? key : text;
    this.ssidLength = ssid?.length ?? 0;
    this.bssid = bssid;
    this.firstTime = time;
    this.lastTime = time;
  }

  /** Records one more probe request for this network. */
  update(time: number, bssid: number, ies: Dot11Ies | undefined, crypt: number): void {
    if (time > this.lastTime) this.lastTime = time;
    if (time < this.firstTime) this.firstTime = time;
    this.bssid = bssid;
    if (crypt) this.crypt = crypt;
    if (ies?.wps) this.wps = sameWpsOr(this.wps, ies.wps);
    if (ies) this.tags = sameTagsOr(this.tags, ies.tags);
  }

  /** The `dot11.probedssid` record. */
  toRecord(): Record<string, unknown> {
    return {
      'dot11.probedssid.ssid': this.ssid,
      'dot11.probedssid.ssidlen': this.ssidLength,
      'dot11.probedssid.bssid': formatMac(this.bssid),
      'dot11.probedssid.first_time': Math.floor(this.firstTime),
      'dot11.probedssid.last_time': Math.floor(this.lastTime),
      'dot11.probedssid.crypt_set': this.crypt,
      'dot11.probedssid.crypt_bitfield': this.crypt,
      'dot11.probedssid.crypt_string': this.crypt ? cryptText(this.crypt) : '',
      'dot11.probedssid.ie_tag_list': [...this.tags],
      ...wpsFields('dot11.probedssid', this.wps),
    };
  }
}
