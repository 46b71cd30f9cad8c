/**
 * What tshark (Wireshark's dissector, a tool svc's tests trust) says a capture holds, summarised
 * in the shape of the shared data set's `*.tshark.json` references: frame counts per kind, the
 * damaged frames, every access point (from beacons and probe responses) with its SSIDs,
 * channels, privacy, RSN suites and encryption, and every transmitter and source; plus what the
 * read routes answer (frames per frequency and channel, stations sending to each BSSID, who
 * advertises, answers and probes for each SSID). It makes the references of svc's own synthetic
 * captures, and of any capture `npm run test-data` fetched.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const FIELDS = [
  'frame.number',
  'frame.encap_type',
  'wlan.fc.type',
  'wlan.fc.type_subtype',
  'wlan.fc.ds',
  'wlan.ta',
  'wlan.sa',
  'wlan.bssid',
  'wlan.ssid',
  'wlan.ds.current_channel',
  'wlan_radio.channel',
  'wlan_radio.frequency',
  'wlan.fixed.capabilities.privacy',
  'wlan.rsn.version',
  'wlan.rsn.akms.type',
  'wlan.rsn.pcs.type',
  'wlan.wfa.ie.wpa.version',
  '_ws.malformed',
] as const;
type Field = (typeof FIELDS)[number];

const LINK_TYPES: Record<number, string> = { 1: 'ETHERNET', 105: 'IEEE802_11', 119: 'IEEE802_11_PRISM', 127: 'IEEE802_11_RADIOTAP', 163: 'IEEE802_11_AVS', 192: 'PPI' };
const ENCAPSULATIONS: Record<number, string> = { 20: 'IEEE_802_11', 21: 'IEEE_802_11_PRISM', 22: 'IEEE_802_11_WITH_RADIO', 23: 'IEEE_802_11_RADIOTAP', 24: 'IEEE_802_11_AVS', 97: 'PPI' };
const AKMS: Record<number, string> = { 1: '802.1X', 2: 'PSK', 3: 'FT-802.1X', 4: 'FT-PSK', 5: '802.1X-SHA256', 6: 'PSK-SHA256', 8: 'SAE', 9: 'FT-SAE', 11: '802.1X-SuiteB', 12: '802.1X-SuiteB-192', 18: 'OWE', 24: 'SAE-EXT-KEY' };
const CIPHERS: Record<number, string> = { 1: 'WEP-40', 2: 'TKIP', 4: 'CCMP', 5: 'WEP-104', 8: 'GCMP', 9: 'GCMP-256', 10: 'CCMP-256' };
const SUBTYPES: Record<number, string> = {
  0x00: 'assoc_request', 0x01: 'assoc_response', 0x02: 'reassoc_request', 0x03: 'reassoc_response', 0x04: 'probe_request', 0x05: 'probe_response',
  0x08: 'beacon', 0x09: 'atim', 0x0a: 'disassoc', 0x0b: 'auth', 0x0c: 'deauth', 0x0d: 'action', 0x0e: 'action_no_ack', 0x18: 'block_ack_request',
  0x19: 'block_ack', 0x1a: 'ps_poll', 0x1b: 'rts', 0x1c: 'cts', 0x1d: 'ack', 0x1e: 'cf_end', 0x20: 'data', 0x24: 'null', 0x28: 'qos_data', 0x2c: 'qos_null',
};

/** One access point's summary. */
export interface TsharkBss {
  ssids: string[];
  ssids_hex: string[];
  ds_channels: number[];
  radio_channels: number[];
  radio_freqs_mhz: number[];
  privacy_bit: boolean[];
  rsn_akms: string[];
  rsn_pairwise: string[];
  encryption: string[];
  beacons: number;
  probe_responses: number;
}

/** A capture's summary. */
export interface TsharkSummary {
  file: string;
  size_bytes: number;
  sha256: string;
  generator: string;
  file_linktypes: { dlt: number; name: string }[];
  frames_total: number;
  frames_per_link_type: Record<string, number>;
  counts: { beacon: number; probe_request: number; probe_response: number; data: number; management: number; control: number; extension: number; malformed: number; non_80211: number };
  subtype_histogram: Record<string, number>;
  bssids: Record<string, TsharkBss>;
  bssid_count: number;
  transmitters: string[];
  sources: string[];
  malformed_frame_numbers_first50: number[];
  tshark_exit_code: number;
  tshark_stderr: string[];
  /** Frames per radio frequency, and the transmitters whose last frame was on it. */
  frequencies_mhz: Record<string, { frames: number; transmitters: number }>;
  /** Frames per channel of the radio header. */
  channels: Record<string, number>;
  /** Per BSSID, the stations that sent it data towards the distribution system. */
  to_ds_stations: Record<string, string[]>;
  /** Per SSID (as text), the transmitters beaconing it, answering probes for it and probing for it. */
  ssids: Record<string, { advertising: string[]; responding: string[]; probing: string[] }>;
}

/** The link types in a pcap or pcapng file's header(s). */
function fileLinkTypes(bytes: Buffer): number[] {
  if (bytes.length < 24) return [];
  const magic = bytes.readUInt32LE(0);
  if (magic === 0xa1b2c3d4 || magic === 0xa1b23c4d) return [bytes.readUInt32LE(20) & 0x0fffffff];
  if (magic === 0xd4c3b2a1 || magic === 0x4d3cb2a1) return [bytes.readUInt32BE(20) & 0x0fffffff];
  if (magic !== 0x0a0d0d0a) return [];
  const little = bytes.readUInt32LE(8) === 0x1a2b3c4d;
  const read32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const types: number[] = [];
  for (let at = 0; at + 12 <= bytes.length; ) {
    const length = read32(at + 4);
    if (length < 12) break;
    if (read32(at) === 1) types.push(little ? bytes.readUInt16LE(at + 8) : bytes.readUInt16BE(at + 8));
    at += length;
  }
  return types;
}

/** A text SSID from tshark's hex, replacing bytes that are not UTF-8 (tshark prints some SSIDs as words instead). */
function ssidText(hex: string): string {
  return /^(?:[0-9a-f]{2})*$/i.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : hex;
}

/** Values sorted as the references sort them: numbers by value, the rest by text. */
function sortedValues<T extends string | number | boolean>(values: Iterable<T>): T[] {
  return [...values].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
}

/** Runs tshark over `path` and summarises what it dissected. */
export function tsharkSummary(path: string, tshark = 'tshark'): TsharkSummary {
  const run = spawnSync(tshark, ['-n', '-r', path, '-T', 'fields', '-E', 'separator=/t', '-E', 'occurrence=a', '-E', 'aggregator=,', ...FIELDS.flatMap((field) => ['-e', field])], { maxBuffer: 1 << 30 });
  if (run.error) throw new Error(`cannot run tshark (${run.error.message}); install the tshark package`);
  const version = spawnSync(tshark, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? 'unknown';
  const bytes = readFileSync(path);
  const counts = { beacon: 0, probe_request: 0, probe_response: 0, data: 0, management: 0, control: 0, extension: 0, malformed: 0, non_80211: 0 };
  const encapsulations = new Map<string, number>();
  const subtypes = new Map<number, number>();
  const bssids = new Map<string, { [K in keyof TsharkBss]: TsharkBss[K] extends unknown[] ? Set<TsharkBss[K][number]> : number }>();
  const transmitters = new Set<string>();
  const sources = new Set<string>();
  const malformed: number[] = [];
  const perFrequency = new Map<number, number>();
  const perChannel = new Map<number, number>();
  const lastFrequency = new Map<string, number>();
  const toDs = new Map<string, Set<string>>();
  const ssids = new Map<string, { advertising: Set<string>; responding: Set<string>; probing: Set<string> }>();
  let total = 0;
  for (const line of run.stdout.toString('utf8').split('\n')) {
    if (line === '') continue;
    total++;
    const columns = line.split('\t');
    const all = (field: Field) => (columns[FIELDS.indexOf(field)] ?? '').split(',').filter((value) => value !== '');
    const first = (field: Field) => all(field)[0];
    const encapsulation = columns[1] ?? '';
    encapsulations.set(encapsulation, (encapsulations.get(encapsulation) ?? 0) + 1);
    const damaged = first('_ws.malformed') !== undefined;
    if (damaged) {
      counts.malformed++;
      if (malformed.length < 50) malformed.push(Number(first('frame.number')));
    }
    const frequency = first('wlan_radio.frequency');
    const channel = first('wlan_radio.channel');
    const transmitter = first('wlan.ta');
    if (frequency !== undefined) {
      perFrequency.set(Number(frequency), (perFrequency.get(Number(frequency)) ?? 0) + 1);
      if (transmitter !== undefined) lastFrequency.set(transmitter, Number(frequency));
    }
    if (channel !== undefined) perChannel.set(Number(channel), (perChannel.get(Number(channel)) ?? 0) + 1);
    const subtypeText = first('wlan.fc.type_subtype');
    if (subtypeText === undefined) {
      counts.non_80211++;
      continue;
    }
    const subtype = parseInt(subtypeText, 16);
    subtypes.set(subtype, (subtypes.get(subtype) ?? 0) + 1);
    const type = Number(first('wlan.fc.type') ?? -1);
    if (type === 0) counts.management++;
    else if (type === 1) counts.control++;
    else if (type === 2) counts.data++;
    else if (type === 3) counts.extension++;
    if (subtype === 0x08) counts.beacon++;
    else if (subtype === 0x04) counts.probe_request++;
    else if (subtype === 0x05) counts.probe_response++;
    for (const address of all('wlan.ta')) transmitters.add(address);
    for (const address of all('wlan.sa')) sources.add(address);
    const bssid = first('wlan.bssid');
    // The routes' sets leave damaged frames out: their addresses cannot be trusted.
    if (!damaged && transmitter !== undefined) {
      const ds = first('wlan.fc.ds');
      if (type === 2 && (ds === '1' || ds === '0x1' || ds === '0x01') && bssid !== undefined && bssid !== transmitter) {
        if (!toDs.has(bssid)) toDs.set(bssid, new Set());
        toDs.get(bssid)!.add(transmitter);
      }
      const role = ({ 0x08: 'advertising', 0x05: 'responding', 0x04: 'probing' } as const)[subtype as 0x08 | 0x05 | 0x04];
      const named = ssidText(first('wlan.ssid') ?? '');
      if (role !== undefined && named !== '' && /^(?:[0-9a-f]{2})*$/i.test(first('wlan.ssid') ?? '')) {
        if (!ssids.has(named)) ssids.set(named, { advertising: new Set(), responding: new Set(), probing: new Set() });
        ssids.get(named)![role].add(transmitter);
      }
    }
    if ((subtype !== 0x08 && subtype !== 0x05) || bssid === undefined) continue;
    if (!bssids.has(bssid)) {
      bssids.set(bssid, { ssids: new Set(), ssids_hex: new Set(), ds_channels: new Set(), radio_channels: new Set(), radio_freqs_mhz: new Set(), privacy_bit: new Set(), rsn_akms: new Set(), rsn_pairwise: new Set(), encryption: new Set(), beacons: 0, probe_responses: 0 });
    }
    const bss = bssids.get(bssid)!;
    if (subtype === 0x08) bss.beacons++;
    else bss.probe_responses++;
    const ssidHex = first('wlan.ssid') ?? '';
    bss.ssids_hex.add(ssidHex);
    bss.ssids.add(ssidText(ssidHex));
    for (const value of all('wlan.ds.current_channel')) bss.ds_channels.add(Number(value));
    for (const value of all('wlan_radio.channel')) bss.radio_channels.add(Number(value));
    for (const value of all('wlan_radio.frequency')) bss.radio_freqs_mhz.add(Number(value));
    const privacyField = first('wlan.fixed.capabilities.privacy');
    const privacy = privacyField === '1' || privacyField === 'True' || privacyField === 'true';
    bss.privacy_bit.add(privacy);
    const rsn = first('wlan.rsn.version') !== undefined;
    const wpa = first('wlan.wfa.ie.wpa.version') !== undefined;
    for (const value of all('wlan.rsn.akms.type')) bss.rsn_akms.add(AKMS[Number(value)] ?? value);
    for (const value of all('wlan.rsn.pcs.type')) bss.rsn_pairwise.add(CIPHERS[Number(value)] ?? value);
    if (rsn) bss.encryption.add('RSN');
    if (wpa) bss.encryption.add('WPA');
    if (privacy && !rsn && !wpa) bss.encryption.add('WEP');
    if (!privacy && !rsn && !wpa) bss.encryption.add('OPEN');
  }
  const linkTypes = fileLinkTypes(bytes);
  const encapsulationName = (key: string) => `${key} (${ENCAPSULATIONS[Number(key)] ?? '?'})`;
  const lastCounts = new Map<number, number>();
  for (const frequency of lastFrequency.values()) lastCounts.set(frequency, (lastCounts.get(frequency) ?? 0) + 1);
  const byKey = <V>(entries: Iterable<[string, V]>) => Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    file: basename(path),
    size_bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    generator: `svc's tshark-summary.ts with ${version}`,
    file_linktypes: linkTypes.map((dlt) => ({ dlt, name: LINK_TYPES[dlt] ?? '?' })),
    frames_total: total,
    frames_per_link_type:
      linkTypes.length === 1
        ? { [`${linkTypes[0]} (${LINK_TYPES[linkTypes[0]!] ?? '?'})`]: total }
        : Object.fromEntries([...encapsulations].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, count]) => [`wtap_encap ${encapsulationName(key)}`, count])),
    counts,
    subtype_histogram: Object.fromEntries([...subtypes].sort(([a], [b]) => a - b).map(([subtype, count]) => [`0x${subtype.toString(16).padStart(4, '0')} ${SUBTYPES[subtype] ?? ''}`, count])),
    bssids: byKey(
      [...bssids].map(([bssid, bss]) => [
        bssid,
        Object.fromEntries(Object.entries(bss).map(([key, value]) => [key, value instanceof Set ? sortedValues(value as Set<string | number | boolean>) : value])) as unknown as TsharkBss,
      ]),
    ),
    bssid_count: bssids.size,
    transmitters: sortedValues(transmitters),
    sources: sortedValues(sources),
    malformed_frame_numbers_first50: malformed,
    tshark_exit_code: run.status ?? -1,
    tshark_stderr: run.stderr
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.includes('Running as user'))
      .map((line) => line.replaceAll(path, basename(path))),
    frequencies_mhz: Object.fromEntries([...perFrequency].sort(([a], [b]) => a - b).map(([frequency, frames]) => [String(frequency), { frames, transmitters: lastCounts.get(frequency) ?? 0 }])),
    channels: Object.fromEntries([...perChannel].sort(([a], [b]) => a - b).map(([channel, frames]) => [String(channel), frames])),
    to_ds_stations: byKey([...toDs].map(([bssid, stations]) => [bssid, sortedValues(stations)])),
    ssids: byKey([...ssids].map(([name, roles]) => [name, { advertising: sortedValues(roles.advertising), responding: sortedValues(roles.responding), probing: sortedValues(roles.probing) }])),
  };
}
