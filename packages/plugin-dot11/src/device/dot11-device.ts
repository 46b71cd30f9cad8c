/**
 * The 802.11 sub-record of a device (`dot11.device`, kismet-reference 4.6): its roles
 * (typeset), the networks it advertises, answers for and probes for, the access points it is a
 * client of and the clients it serves, traffic counters and the WPA handshake messages seen for
 * its BSS. Parts that many devices never use (SSID lists, maps, handshakes) exist only once
 * used, which keeps a client that only probes small.
 */
import { dataMap, formatMac, type RecordSource, type TrackedDevice } from '@svc/core';
import { Dot11Client } from './client-record.js';
import type { AdvertisedSsid, ProbedSsid } from './ssid-record.js';

/** Handshake messages kept per access point, newest last. */
export const MAX_HANDSHAKE_MESSAGES = 16;
/** Probed SSIDs kept per station; the least recently probed goes first. */
export const MAX_PROBED_SSIDS = 64;
/**
 * Access points kept in one device's client map; the one known longest goes first. A wired host
 * behind every access point of a large network would otherwise hold a record per AP.
 */
export const MAX_CLIENT_APS = 64;

/** The dot11 sub-record of a device, created on first use. */
export function dot11Of(device: TrackedDevice): Dot11Device {
  return (device.components.dot11 ??= new Dot11Device());
}

/** Direction of an EAPOL-Key message. */
export const EapolDirection = { FROM_AP: 1, TO_AP: 2 } as const;

/** A frame kept for the handshake pcap: its capture time and its 802.11 bytes (no radio header). */
export interface KeptFrame {
  readonly tsSec: number;
  readonly tsUsec: number;
  readonly data: Buffer;
}

/** One EAPOL-Key message of a 4-way handshake. */
export interface EapolMessage {
  readonly time: number;
  readonly client: number;
  readonly direction: number;
  readonly message: number;
  readonly replayCounter: number;
  /** The message carries a PMKID. */
  readonly pmkid: boolean;
  readonly frame: KeptFrame | undefined;
}

/** The `dot11.device` sub-record. */
export class Dot11Device implements RecordSource {
  typeset = 0;
  advertised: AdvertisedSsid[] | undefined;
  responded: AdvertisedSsid[] | undefined;
  /**
   * Probed SSIDs, least recently probed first. A list, not a Map by key: a station probes for a
   * few networks, and a Map cost some 200 bytes more per station.
   */
  probed: ProbedSsid[] | undefined;
  /**
   * Access points this station belongs to, by BSSID, once it belongs to two or more; a station
   * of one BSS (most of them) keeps its only record in `currentBss` and no map.
   */
  clients: Map<number, Dot11Client> | undefined;
  /** Stations of this access point: MAC to device key. */
  associated: Map<number, string> | undefined;
  lastBssid = -1;
  /** The client record of `lastBssid`. */
  currentBss: Dot11Client | undefined;
  lastBeaconed: AdvertisedSsid | undefined;
  /** The record of the last probe response (not served; it lets a repeated response skip its elements). */
  lastResponded: AdvertisedSsid | undefined;
  lastProbed: ProbedSsid | undefined;
  datasize = 0;
  datasizeRetry = 0;
  numRetries = 0;
  clientDisconnects = 0;
  clientDisconnectsLast = 0;
  handshakes: EapolMessage[] | undefined;
  /**
   * The network's last fully read beacon or probe response, for a network that offers WPA (the
   * only ones with handshakes): what a cracking tool needs beside the handshake to know its SSID.
   */
  ssidFrame: KeptFrame | undefined;

  /** The advertised (beacon) or responded (probe response) record for an SSID hash, if known. */
  findSsid(list: readonly AdvertisedSsid[] | undefined, hash: number, length: number): AdvertisedSsid | undefined {
    if (!list) return undefined;
    for (const record of list) if (record.hash === hash && record.ssidLength === length) return record;
    return undefined;
  }

  /** Notes that this station talked to (or through) an access point. */
  joinBss(bssid: number, bssidKey: string, time: number, type: number, bytes: number, retry: boolean): Dot11Client {
    this.lastBssid = bssid;
    let client = this.currentBss?.bssid === bssid ? this.currentBss : this.clients?.get(bssid);
    if (!client) {
      client = new Dot11Client(bssid, bssidKey, time, type);
      if (this.currentBss !== undefined) {
        const clients = (this.clients ??= new Map([[this.currentBss.bssid, this.currentBss]]));
        if (clients.size >= MAX_CLIENT_APS) clients.delete(clients.keys().next().value!);
        clients.set(bssid, client);
      }
    }
    client.update(time, type, bytes, retry);
    this.currentBss = client;
    return client;
  }

  /** The probed SSID record whose bytes {@link ProbedSsid.key} spells `key`, if any. */
  findProbe(key: string): ProbedSsid | undefined {
    const probed = this.probed;
    if (probed === undefined) return undefined;
    for (let index = probed.length - 1; index >= 0; index--) if (probed[index]!.key === key) return probed[index];
    return undefined;
  }

  /**
   * Notes a probed SSID as the most recently probed (replacing a record of the same SSID), keeping
   * at most {@link MAX_PROBED_SSIDS}. The list is kept exactly as long as its records.
   */
  rememberProbe(record: ProbedSsid): void {
    const probed = this.probed;
    if (probed === undefined) {
      this.probed = [record];
      return;
    }
    let index = probed.length - 1;
    while (index >= 0 && probed[index]!.key !== record.key) index--;
    if (index < 0) {
      this.probed = probed.length < MAX_PROBED_SSIDS ? [...probed, record] : [...probed.slice(1), record];
      return;
    }
    for (; index < probed.length - 1; index++) probed[index] = probed[index + 1]!;
    probed[index] = record;
  }

  /** Adds a handshake message, keeping the last {@link MAX_HANDSHAKE_MESSAGES}. */
  addHandshakeMessage(message: EapolMessage): void {
    const list = (this.handshakes ??= []);
    list.push(message);
    if (list.length > MAX_HANDSHAKE_MESSAGES) list.shift();
  }

  toRecord(): Record<string, unknown> {
    const record: Record<string, unknown> = {
      'dot11.device.typeset': this.typeset,
      'dot11.device.client_map': mapRecord(this.clients ?? (this.currentBss ? new Map([[this.currentBss.bssid, this.currentBss]]) : undefined), (client) => client.toRecord()),
      'dot11.device.num_client_aps': this.clients?.size ?? (this.currentBss ? 1 : 0),
      'dot11.device.advertised_ssid_map': (this.advertised ?? []).map((ssid) => ssid.toRecord()),
      'dot11.device.num_advertised_ssids': this.advertised?.length ?? 0,
      'dot11.device.responded_ssid_map': (this.responded ?? []).map((ssid) => ssid.toRecord()),
      'dot11.device.num_responded_ssids': this.responded?.length ?? 0,
      'dot11.device.probed_ssid_map': (this.probed ?? []).map((ssid) => ssid.toRecord()),
      'dot11.device.num_probed_ssids': this.probed?.length ?? 0,
      'dot11.device.associated_client_map': mapRecord(this.associated, (key) => key),
      'dot11.device.num_associated_clients': this.associated?.size ?? 0,
      'dot11.device.client_disconnects': this.clientDisconnects,
      'dot11.device.client_disconnects_last': Math.floor(this.clientDisconnectsLast),
      'dot11.device.num_retries': this.numRetries,
      'dot11.device.datasize': this.datasize,
      'dot11.device.datasize_retry': this.datasizeRetry,
      'dot11.device.last_bssid': this.lastBssid < 0 ? '00:00:00:00:00:00' : formatMac(this.lastBssid),
      'dot11.device.wpa_handshake_list': (this.handshakes ?? []).map(eapolRecord),
    };
    if (this.lastBeaconed) record['dot11.device.last_beaconed_ssid_record'] = this.lastBeaconed.toRecord();
    if (this.lastProbed) record['dot11.device.last_probed_ssid_record'] = this.lastProbed.toRecord();
    if (this.ssidFrame && this.handshakes) record['dot11.device.ssid_beacon_packet'] = keptFrameRecord(this.ssidFrame);
    return record;
  }
}

/** The `dot11.eapol` record of one handshake message. */
export function eapolRecord(message: EapolMessage): Record<string, unknown> {
  return {
    'dot11.eapol.timestamp': message.time,
    'dot11.eapol.client': formatMac(message.client),
    'dot11.eapol.direction': message.direction,
    'dot11.eapol.message_num': message.message,
    'dot11.eapol.replay_counter': message.replayCounter,
    'dot11.eapol.rsnpmkid': message.pmkid ? 1 : 0,
    ...(message.frame ? { 'dot11.eapol.packet': keptFrameRecord(message.frame) } : {}),
  };
}

/** The `dot11.packet` record of a kept frame. */
export function keptFrameRecord(frame: KeptFrame): Record<string, unknown> {
  return { 'dot11.packet.ts_sec': frame.tsSec, 'dot11.packet.ts_usec': frame.tsUsec, 'dot11.packet.data': frame.data.toString('hex') };
}

/** A copy of a packet's 802.11 frame (no radio header, no FCS), kept past the packet's life; in the buffer of `replaced` (the copy it supersedes, no longer served) when that fits. */
export function keepFrame(packet: { tsSec: number; tsUsec: number; data?: Buffer }, frame: { frameStart?: number; frameLength?: number }, replaced?: KeptFrame): KeptFrame | undefined {
  const { frameStart, frameLength } = frame;
  if (packet.data === undefined || frameStart === undefined || frameLength === undefined) return undefined;
  const length = Math.max(0, Math.min(frameLength, packet.data.length - frameStart));
  // A buffer of its own: a small copy from Node's shared pool would keep the pool's 8 KB alive.
  // The frame it replaces gives its buffer when the length is the same (a network's every
  // beacon, mostly): a new buffer each time was a twentieth of the 802.11 ingest's main thread.
  const data = replaced !== undefined && replaced.data.length === length ? replaced.data : Buffer.allocUnsafeSlow(length);
  packet.data.copy(data, 0, frameStart, frameStart + data.length);
  return { tsSec: packet.tsSec, tsUsec: packet.tsUsec, data };
}

function mapRecord<V>(map: Map<number, V> | undefined, value: (entry: V) => unknown): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (map) for (const [mac, entry] of map) record[formatMac(mac)] = value(entry);
  return dataMap(record);
}
