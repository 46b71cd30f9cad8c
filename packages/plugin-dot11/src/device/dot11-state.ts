/**
 * The 802.11 sub-record in the tracker's state snapshot (`tracker_restore`): every network a
 * device advertised, answered for and probed for, its access points and stations, its counters
 * and its handshakes with their frames, packed in a fixed order so a restart reads them straight
 * into a `Dot11Device`. It keeps what the JSON record keeps (dot11-restore.ts reads that one for
 * logs without a snapshot), so a device comes back the same either way; what neither carries
 * (when a beacon last repeated itself, the beacons of the current second) starts afresh.
 */
import type { PhyComponentState, StateReader, StateWriter } from '@svc/core';
import type { WpsInfo } from '../parse/wps.js';
import { CLIENT_DHCP_KEYS, Dot11Client, type ClientDhcp } from './client-record.js';
import { Dot11Device, type EapolMessage, type KeptFrame } from './dot11-device.js';
import { AdvertisedSsid, ProbedSsid } from './ssid-record.js';
import { sharedTags } from './tag-lists.js';

/** The WPS fields, in the order their presence bits and values are written. */
const WPS_TEXTS = ['manufacturer', 'deviceName', 'modelName', 'modelNumber', 'serialNumber'] as const;
const WPS_VERSION = 1 << 5;
const WPS_STATE = 1 << 6;
const WPS_LOCKED = 1 << 7;

function writeWps(wps: WpsInfo | undefined, writer: StateWriter): void {
  if (!wps) {
    writer.uint(0);
    return;
  }
  let present = 0;
  WPS_TEXTS.forEach((name, bit) => {
    if (wps[name] !== undefined) present |= 1 << bit;
  });
  if (wps.version !== undefined) present |= WPS_VERSION;
  if (wps.state !== undefined) present |= WPS_STATE;
  if (wps.locked !== undefined) present |= WPS_LOCKED;
  writer.uint(present);
  for (const name of WPS_TEXTS) if (wps[name] !== undefined) writer.string(wps[name]);
  if (wps.version !== undefined) writer.number(wps.version);
  if (wps.state !== undefined) writer.number(wps.state);
  if (wps.locked !== undefined) writer.boolean(wps.locked);
}

function readWps(reader: StateReader): WpsInfo | undefined {
  const present = reader.uint();
  if (present === 0) return undefined;
  const wps: WpsInfo = {};
  WPS_TEXTS.forEach((name, bit) => {
    if (present & (1 << bit)) wps[name] = reader.string();
  });
  if (present & WPS_VERSION) wps.version = reader.number();
  if (present & WPS_STATE) wps.state = reader.number();
  if (present & WPS_LOCKED) wps.locked = reader.boolean();
  return wps;
}

function writeTags(tags: readonly number[], writer: StateWriter): void {
  writer.uint(tags.length);
  for (const tag of tags) writer.uint(tag);
}

function readTags(reader: StateReader): readonly number[] {
  const tags = new Array<number>(reader.count());
  for (let index = 0; index < tags.length; index++) tags[index] = reader.uint();
  return sharedTags(tags);
}

function writeAdvertised(ssid: AdvertisedSsid, writer: StateWriter): void {
  writer.string(ssid.ssid);
  writer.uint(ssid.ssidLength);
  writer.uint(ssid.hash);
  writer.number(ssid.firstTime);
  writer.number(ssid.lastTime);
  writer.boolean(ssid.inBeacon);
  writer.boolean(ssid.inProbeResponse);
  writer.string(ssid.channel);
  writer.string(ssid.htMode);
  writer.number(ssid.crypt);
  writer.number(ssid.maxRate);
  writer.number(ssid.beaconInterval);
  writer.number(ssid.beaconsPerSecond);
  writer.string(ssid.country);
  writeWps(ssid.wps, writer);
  writeTags(ssid.tags, writer);
}

function readAdvertised(reader: StateReader): AdvertisedSsid {
  const text = reader.string();
  const length = reader.uint();
  const hash = reader.uint();
  const ssid = new AdvertisedSsid(Buffer.from(text, 'utf8'), reader.number(), { length, hash });
  ssid.lastTime = reader.number();
  ssid.inBeacon = reader.boolean();
  ssid.inProbeResponse = reader.boolean();
  ssid.channel = reader.string();
  ssid.htMode = reader.string();
  ssid.crypt = reader.number();
  ssid.maxRate = reader.number();
  ssid.beaconInterval = reader.number();
  ssid.restoreBeaconsPerSecond(reader.number());
  ssid.country = reader.string();
  ssid.wps = readWps(reader);
  ssid.tags = readTags(reader);
  return ssid;
}

function writeProbed(ssid: ProbedSsid, writer: StateWriter): void {
  writer.string(ssid.key);
  writer.string(ssid.ssid);
  writer.number(ssid.bssid);
  writer.number(ssid.firstTime);
  writer.number(ssid.lastTime);
  writer.number(ssid.crypt);
  writeWps(ssid.wps, writer);
  writeTags(ssid.tags, writer);
}

function readProbed(reader: StateReader, dot11: Dot11Device): ProbedSsid {
  const key = reader.string();
  const text = reader.string();
  const bssid = reader.number();
  const ssid = new ProbedSsid(Buffer.from(text, 'utf8'), bssid, reader.number(), key);
  ssid.lastTime = reader.number();
  ssid.crypt = reader.number();
  ssid.wps = readWps(reader);
  ssid.tags = readTags(reader);
  dot11.rememberProbe(ssid);
  return ssid;
}

function writeClient(client: Dot11Client, writer: StateWriter): void {
  writer.number(client.bssid);
  writer.string(client.bssidKey);
  writer.number(client.firstTime);
  writer.number(client.type);
  writer.number(client.lastTime);
  writer.number(client.datasize);
  writer.number(client.datasizeRetry);
  writer.number(client.numRetries);
  writeDhcp(client.dhcp, writer);
}

/** A client record's DHCP values: a bit per value present, then the values. */
function writeDhcp(dhcp: ClientDhcp | undefined, writer: StateWriter): void {
  let present = 0;
  CLIENT_DHCP_KEYS.forEach((key, bit) => {
    if (dhcp?.[key] !== undefined) present |= 1 << bit;
  });
  writer.uint(present);
  for (const key of CLIENT_DHCP_KEYS) if (dhcp?.[key] !== undefined) writer.string(dhcp[key]);
}

function readDhcp(reader: StateReader): ClientDhcp | undefined {
  const present = reader.uint();
  if (present === 0) return undefined;
  const dhcp: ClientDhcp = {};
  CLIENT_DHCP_KEYS.forEach((key, bit) => {
    if (present & (1 << bit)) dhcp[key] = reader.string();
  });
  return dhcp;
}

function readClient(reader: StateReader): Dot11Client {
  const bssid = reader.number();
  const bssidKey = reader.string();
  const firstTime = reader.number();
  const client = new Dot11Client(bssid, bssidKey, firstTime, reader.number());
  client.lastTime = reader.number();
  client.datasize = reader.number();
  client.datasizeRetry = reader.number();
  client.numRetries = reader.number();
  client.dhcp = readDhcp(reader);
  return client;
}

function writeFrame(frame: KeptFrame | undefined, writer: StateWriter): void {
  writer.boolean(frame !== undefined);
  if (!frame) return;
  writer.number(frame.tsSec);
  writer.number(frame.tsUsec);
  writer.bytes(frame.data);
}

function readFrame(reader: StateReader): KeptFrame | undefined {
  if (!reader.boolean()) return undefined;
  return { tsSec: reader.number(), tsUsec: reader.number(), data: reader.bytes() };
}

function writeEapol(message: EapolMessage, writer: StateWriter): void {
  writer.number(message.time);
  writer.number(message.client);
  writer.number(message.direction);
  writer.number(message.message);
  writer.number(message.replayCounter);
  writer.boolean(message.pmkid);
  writeFrame(message.frame, writer);
}

function readEapol(reader: StateReader): EapolMessage {
  return { time: reader.number(), client: reader.number(), direction: reader.number(), message: reader.number(), replayCounter: reader.number(), pmkid: reader.boolean(), frame: readFrame(reader) };
}

/** Position + 1 of `item` in `list`, 0 when it is not there: how a reference to a record is kept. */
function positionOf<T>(list: readonly T[], item: T | undefined): number {
  return item === undefined ? 0 : list.indexOf(item) + 1;
}

function writeDot11(dot11: Dot11Device, writer: StateWriter): void {
  writer.number(dot11.typeset);
  const advertised = dot11.advertised ?? [];
  writer.uint(advertised.length);
  for (const ssid of advertised) writeAdvertised(ssid, writer);
  writer.uint(positionOf(advertised, dot11.lastBeaconed));
  const responded = dot11.responded ?? [];
  writer.uint(responded.length);
  for (const ssid of responded) writeAdvertised(ssid, writer);
  const probed = dot11.probed ?? [];
  writer.uint(probed.length);
  for (const ssid of probed) writeProbed(ssid, writer);
  writer.uint(positionOf(probed, dot11.lastProbed));
  writer.number(dot11.lastBssid);
  const clients = dot11.clients ? [...dot11.clients.values()] : dot11.currentBss ? [dot11.currentBss] : [];
  writer.uint(clients.length);
  for (const client of clients) writeClient(client, writer);
  writer.uint(positionOf(clients, dot11.currentBss));
  const associated = dot11.associated ?? new Map<number, string>();
  writer.uint(associated.size);
  for (const [station, key] of associated) {
    writer.number(station);
    writer.string(key);
  }
  for (const count of [dot11.clientDisconnects, dot11.clientDisconnectsLast, dot11.numRetries, dot11.datasize, dot11.datasizeRetry]) writer.number(count);
  const handshakes = dot11.handshakes ?? [];
  writer.uint(handshakes.length);
  for (const message of handshakes) writeEapol(message, writer);
  writeFrame(dot11.ssidFrame, writer);
}

function readDot11(reader: StateReader): Dot11Device {
  const dot11 = new Dot11Device();
  dot11.typeset = reader.number();
  const advertised = Array.from({ length: reader.count() }, () => readAdvertised(reader));
  if (advertised.length > 0) dot11.advertised = advertised;
  dot11.lastBeaconed = advertised[reader.uint() - 1];
  const responded = Array.from({ length: reader.count() }, () => readAdvertised(reader));
  if (responded.length > 0) dot11.responded = responded;
  const probed = Array.from({ length: reader.count() }, () => readProbed(reader, dot11));
  dot11.lastProbed = probed[reader.uint() - 1];
  dot11.lastBssid = reader.number();
  const clients = Array.from({ length: reader.count() }, () => readClient(reader));
  if (clients.length > 1) dot11.clients = new Map(clients.map((client) => [client.bssid, client]));
  dot11.currentBss = clients[reader.uint() - 1];
  const stations = reader.count();
  if (stations > 0) {
    dot11.associated = new Map();
    for (let index = 0; index < stations; index++) dot11.associated.set(reader.number(), reader.string());
  }
  dot11.clientDisconnects = reader.number();
  dot11.clientDisconnectsLast = reader.number();
  dot11.numRetries = reader.number();
  dot11.datasize = reader.number();
  dot11.datasizeRetry = reader.number();
  const handshakes = Array.from({ length: reader.count() }, () => readEapol(reader));
  if (handshakes.length > 0) dot11.handshakes = handshakes;
  dot11.ssidFrame = readFrame(reader);
  return dot11;
}

/** How the 802.11 PHY packs its sub-record into the tracker's state snapshot. */
export const dot11ComponentState: PhyComponentState<Dot11Device> = {
  version: 2,
  write: (component, writer) => writeDot11(component, writer),
  read: (reader) => readDot11(reader),
};
