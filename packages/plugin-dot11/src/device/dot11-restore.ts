/**
 * An 802.11 sub-record rebuilt from the record a log kept (`tracker_restore`): the inverse of
 * `Dot11Device.toRecord()` and the records nested in it, so a restarted server keeps every
 * network a device advertised, answered for and probed for, its access points and stations,
 * its counters and its handshakes with their frames. What a record cannot carry (when a beacon
 * last repeated itself, the beacons of the current second) starts afresh: the next beacon is
 * read in full. Values of the wrong type are read as absent, never thrown.
 */
import { parseMac } from '@svc/core';
import type { WpsInfo } from '../parse/wps.js';
import { CLIENT_DHCP_FIELDS, CLIENT_DHCP_KEYS, Dot11Client, type ClientDhcp } from './client-record.js';
import { Dot11Device, type EapolMessage, type KeptFrame } from './dot11-device.js';
import { AdvertisedSsid, ProbedSsid, ssidKey } from './ssid-record.js';
import { sharedTags } from './tag-lists.js';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const objects = (value: unknown): Fields[] => (Array.isArray(value) ? value.filter(isObject) : isObject(value) ? Object.values(value).filter(isObject) : []);
const mac = (value: unknown): number | undefined => parseMac(text(value));
const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : []);

function wpsOf(record: Fields, prefix: string): WpsInfo | undefined {
  const wps: WpsInfo = {};
  if (typeof record[`${prefix}.wps_version`] === 'number') wps.version = record[`${prefix}.wps_version`] as number;
  if (typeof record[`${prefix}.wps_state`] === 'number') wps.state = record[`${prefix}.wps_state`] as number;
  if (typeof record[`${prefix}.wps_manuf`] === 'string') wps.manufacturer = record[`${prefix}.wps_manuf`] as string;
  if (typeof record[`${prefix}.wps_device_name`] === 'string') wps.deviceName = record[`${prefix}.wps_device_name`] as string;
  if (typeof record[`${prefix}.wps_model_name`] === 'string') wps.modelName = record[`${prefix}.wps_model_name`] as string;
  if (typeof record[`${prefix}.wps_model_number`] === 'string') wps.modelNumber = record[`${prefix}.wps_model_number`] as string;
  if (typeof record[`${prefix}.wps_serial_number`] === 'string') wps.serialNumber = record[`${prefix}.wps_serial_number`] as string;
  return Object.keys(wps).length > 0 ? wps : undefined;
}

function advertisedOf(record: Fields): AdvertisedSsid {
  const field = (name: string) => record[`dot11.advertisedssid.${name}`];
  const ssid = new AdvertisedSsid(Buffer.from(text(field('ssid')), 'utf8'), number(field('first_time')), { length: number(field('ssidlen')), hash: number(field('ssid_hash')) });
  ssid.lastTime = number(field('last_time'));
  ssid.inBeacon = field('beacon') === 1;
  ssid.inProbeResponse = field('probe_response') === 1;
  ssid.channel = text(field('channel'));
  ssid.htMode = text(field('ht_mode'));
  ssid.crypt = number(field('crypt_set'));
  ssid.maxRate = number(field('maxrate'));
  const rate = number(field('beaconrate'));
  ssid.beaconInterval = rate > 0 ? Math.round(1e6 / (rate * 1024)) : 0;
  ssid.restoreBeaconsPerSecond(number(field('beacons_sec')));
  ssid.country = text(field('dot11d_country'));
  ssid.wps = wpsOf(record, 'dot11.advertisedssid');
  ssid.tags = sharedTags(numbers(field('ie_tag_list')));
  return ssid;
}

function probedOf(record: Fields): ProbedSsid {
  const field = (name: string) => record[`dot11.probedssid.${name}`];
  const ssid = new ProbedSsid(Buffer.from(text(field('ssid')), 'utf8'), mac(field('bssid')) ?? 0, number(field('first_time')));
  ssid.lastTime = number(field('last_time'));
  ssid.crypt = number(field('crypt_set'));
  ssid.wps = wpsOf(record, 'dot11.probedssid');
  ssid.tags = sharedTags(numbers(field('ie_tag_list')));
  return ssid;
}

function clientOf(record: Fields): Dot11Client | undefined {
  const field = (name: string) => record[`dot11.client.${name}`];
  const bssid = mac(field('bssid'));
  if (bssid === undefined) return undefined;
  const client = new Dot11Client(bssid, text(field('bssid_key')), number(field('first_time')), number(field('type')));
  client.lastTime = number(field('last_time'));
  client.datasize = number(field('datasize'));
  client.datasizeRetry = number(field('datasize_retry'));
  client.numRetries = number(field('num_retries'));
  const dhcp: ClientDhcp = {};
  for (const key of CLIENT_DHCP_KEYS) if (typeof record[CLIENT_DHCP_FIELDS[key]] === 'string') dhcp[key] = record[CLIENT_DHCP_FIELDS[key]] as string;
  if (Object.keys(dhcp).length > 0) client.dhcp = dhcp;
  return client;
}

function frameOf(record: unknown): KeptFrame | undefined {
  if (!isObject(record) || typeof record['dot11.packet.data'] !== 'string') return undefined;
  return { tsSec: number(record['dot11.packet.ts_sec']), tsUsec: number(record['dot11.packet.ts_usec']), data: Buffer.from(record['dot11.packet.data'], 'hex') };
}

function eapolOf(record: Fields): EapolMessage | undefined {
  const client = mac(record['dot11.eapol.client']);
  if (client === undefined) return undefined;
  return {
    time: number(record['dot11.eapol.timestamp']),
    client,
    direction: number(record['dot11.eapol.direction']),
    message: number(record['dot11.eapol.message_num']),
    replayCounter: number(record['dot11.eapol.replay_counter']),
    pmkid: record['dot11.eapol.rsnpmkid'] === 1,
    frame: frameOf(record['dot11.eapol.packet']),
  };
}

/** The `dot11.device` sub-record as `toRecord` served it. */
export function dot11DeviceFromRecord(record: Fields): Dot11Device {
  const field = (name: string) => record[`dot11.device.${name}`];
  const dot11 = new Dot11Device();
  dot11.typeset = number(field('typeset'));
  const advertised = objects(field('advertised_ssid_map')).map(advertisedOf);
  if (advertised.length > 0) dot11.advertised = advertised;
  const responded = objects(field('responded_ssid_map')).map(advertisedOf);
  if (responded.length > 0) dot11.responded = responded;
  const lastBeaconed = field('last_beaconed_ssid_record');
  if (isObject(lastBeaconed)) dot11.lastBeaconed = advertised.find((ssid) => ssid.hash === number(lastBeaconed['dot11.advertisedssid.ssid_hash']));
  for (const probed of objects(field('probed_ssid_map')).map(probedOf)) dot11.rememberProbe(probed);
  const lastProbed = field('last_probed_ssid_record');
  if (isObject(lastProbed)) dot11.lastProbed = dot11.findProbe(ssidKey(Buffer.from(text(lastProbed['dot11.probedssid.ssid']), 'utf8')));
  dot11.lastBssid = mac(field('last_bssid')) || -1;
  const clients = objects(field('client_map'))
    .map(clientOf)
    .filter((client): client is Dot11Client => client !== undefined);
  if (clients.length > 1) dot11.clients = new Map(clients.map((client) => [client.bssid, client]));
  dot11.currentBss = clients.find((client) => client.bssid === dot11.lastBssid) ?? clients[clients.length - 1];
  const associated = field('associated_client_map');
  if (isObject(associated)) {
    const stations = Object.entries(associated).flatMap(([station, key]) => (mac(station) !== undefined && typeof key === 'string' ? [[mac(station)!, key] as const] : []));
    if (stations.length > 0) dot11.associated = new Map(stations);
  }
  dot11.clientDisconnects = number(field('client_disconnects'));
  dot11.clientDisconnectsLast = number(field('client_disconnects_last'));
  dot11.numRetries = number(field('num_retries'));
  dot11.datasize = number(field('datasize'));
  dot11.datasizeRetry = number(field('datasize_retry'));
  const handshakes = objects(field('wpa_handshake_list'))
    .map(eapolOf)
    .filter((message): message is EapolMessage => message !== undefined);
  if (handshakes.length > 0) dot11.handshakes = handshakes;
  dot11.ssidFrame = frameOf(field('ssid_beacon_packet'));
  return dot11;
}
