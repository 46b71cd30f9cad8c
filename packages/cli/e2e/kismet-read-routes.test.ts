/**
 * Kismet's read routes that clients poll, end to end: a real `svc start` replays svc's
 * 10 000-frame bulk capture, and a client reads `/packetchain/*`, `/channels/channels`, the
 * 802.11 clients-of and related-to lists and the SSID view over real HTTP, in every format, the
 * way python-kismet-rest calls them (form-encoded `json=`, `.itjson` read line by line). Counts
 * are checked against the read-route fields of tshark's kept reference of the capture
 * (`test-data/dot11/svc-bulk-10k.tshark.json`: frames per frequency and channel, To-DS stations
 * per BSSID, devices per SSID) and against the datasource records.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { waitUntil } from '@svc/core/testing';
import { BULK_CAPTURE } from './dot11-captures.js';
import { basicAuth, startSvc, waitForFirstSource, type SvcProcess } from './svc-process.js';

const capture = BULK_CAPTURE.path;
const { frames_total, frequencies_mhz, channels, to_ds_stations, ssids } = BULK_CAPTURE.reference;
const reference = { frames_total, frequencies_mhz: frequencies_mhz!, channels: channels!, to_ds_stations: to_ds_stations!, ssids: ssids! };
const PACKET_RECORDS = ['peak_packets', 'packets', 'error_packets', 'dupe_packets', 'queued_packets', 'dropped_packets', 'processed_packets'].map((name) => `svc.packetchain.${name}_rrd`);

let svc: SvcProcess;
let authorization: string;

/** A request as python-kismet-rest sends it: POST with form variable `json`, or GET without a body. */
async function call(path: string, payload?: unknown, auth = true): Promise<Response> {
  const headers: Record<string, string> = auth ? { authorization } : {};
  if (payload === undefined) return fetch(`${svc.url}${path}`, { headers });
  headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
  return fetch(`${svc.url}${path}`, { method: 'POST', headers, body: new URLSearchParams({ json: JSON.stringify(payload) }) });
}

async function json(path: string, payload?: unknown): Promise<any> {
  const response = await call(path, payload);
  const text = await response.text();
  assert.is(response.status, 200, `${path}: ${text}`);
  return JSON.parse(text);
}

/** An `.itjson` answer read as python-kismet-rest reads it: one JSON object per line. */
async function lines(path: string, payload?: unknown): Promise<any[]> {
  const response = await call(path, payload);
  const text = await response.text();
  assert.is(response.status, 200, `${path}: ${text}`);
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

const keyOf = (mac: string) => `4202770D00000000_${mac.replaceAll(':', '').toUpperCase()}`;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

test.before(async () => {
  svc = await startSvc({ args: ['-c', `${capture}:name=bulk`] });
  authorization = basicAuth('svc', svc.password!);
  await waitForFirstSource(svc, reference.frames_total);
});
test.after(async () => {
  await svc.stop();
});

test('packet_stats holds the seven records; packets and errors add up to the datasource counters', async () => {
  const stats = await json('/packetchain/packet_stats.json');
  assert.equal(Object.keys(stats), PACKET_RECORDS);
  const [source] = await json('/datasource/all_sources.json');
  // A day's slots sum every packet of the last 24 hours: the whole replay.
  const total = (record: string) => sum(stats[record]['svc.common.rrd.day_vec']);
  assert.is(total('svc.packetchain.packets_rrd'), source['svc.datasource.num_packets']);
  assert.is(total('svc.packetchain.processed_packets_rrd'), reference.frames_total);
  assert.is(total('svc.packetchain.error_packets_rrd'), source['svc.datasource.num_error_packets']);
  assert.ok(source['svc.datasource.num_error_packets'] > 0, 'the bulk capture has malformed frames');
  assert.is(total('svc.packetchain.dupe_packets_rrd'), 0);
  assert.is(total('svc.packetchain.dropped_packets_rrd'), 0, 'a file source waits instead of dropping');
  const peak = stats['svc.packetchain.peak_packets_rrd'];
  assert.is(Math.max(...peak['svc.common.rrd.hour_vec']), Math.max(...peak['svc.common.rrd.minute_vec'], ...peak['svc.common.rrd.hour_vec']), 'the hour holds the busiest second');
  assert.ok(Math.max(...peak['svc.common.rrd.day_vec']) > 0);
  for (const [route, field] of [['peak', 'peak_packets'], ['rate', 'packets'], ['error', 'error_packets'], ['dupe', 'dupe_packets'], ['drop', 'dropped_packets'], ['processed', 'processed_packets']]) {
    const one = await json(`/packetchain/packet_${route}.json`);
    assert.equal(one['svc.common.rrd.day_vec'], stats[`svc.packetchain.${field}_rrd`]['svc.common.rrd.day_vec'], route);
  }
});

test("Packetchain.get_packet_stats's request: aliased serial_time and minute vector per category", async () => {
  // python-kismet-rest asks for [<rrd>/serial_time, <category>_time] and [<rrd>/minute_vec, <category>_data]
  // and rotates the ring by serial_time % 60 so the newest second comes last.
  const categories = { processed: 'processed_packets_rrd', dropped: 'dropped_packets_rrd', queued: 'queued_packets_rrd', peak: 'peak_packets_rrd', dupe: 'dupe_packets_rrd', packets: 'packets_rrd' };
  const fields = Object.entries(categories).flatMap(([category, rrd]) => [
    [`svc.packetchain.${rrd}/svc.common.rrd.serial_time`, `${category}_time`],
    [`svc.packetchain.${rrd}/svc.common.rrd.minute_vec`, `${category}_data`],
  ]);
  const data = await json('/packetchain/packet_stats.json', { fields });
  assert.equal(Object.keys(data).sort(), Object.keys(categories).flatMap((category) => [`${category}_time`, `${category}_data`]).sort());
  for (const category of Object.keys(categories)) {
    const ring = data[`${category}_data`] as number[];
    const slot = data[`${category}_time`] % ring.length;
    assert.is(ring.length, 60);
    const ordered = [...ring.slice(slot + 1), ...ring.slice(0, slot + 1)];
    assert.is(ordered.length, 60);
    assert.is(sum(ordered), sum(ring));
  }
});

test('packet_stats in every format: ekjson renames fields, itjson and prettyjson keep them', async () => {
  const ekjson = await lines('/packetchain/packet_stats.ekjson');
  assert.is(ekjson.length, 1);
  assert.ok('svc_packetchain_packets_rrd' in ekjson[0]);
  assert.ok('svc_common_rrd_minute_vec' in ekjson[0].svc_packetchain_packets_rrd);
  const itjson = await lines('/packetchain/packet_stats.itjson');
  assert.equal(Object.keys(itjson[0]), PACKET_RECORDS);
  const pretty = await (await call('/packetchain/packet_stats.prettyjson')).text();
  assert.match(pretty, /"description\.svc\.packetchain\.peak_packets_rrd": "object, /);
  assert.equal(Object.keys(JSON.parse(pretty)).filter((key) => !key.startsWith('description.')), PACKET_RECORDS);
  assert.is((await call('/packetchain/packet_stats.json', undefined, false)).status, 401, 'a login is needed');
});

test('channels.json: packets per frequency and per channel as tshark counts them; devices by their last frequency', async () => {
  const channels = await json('/channels/channels.json');
  const frequencies = channels['svc.channeltracker.frequency_map'];
  assert.equal(Object.keys(frequencies), Object.keys(reference.frequencies_mhz).map((mhz) => String(Number(mhz) * 1000)));
  for (const [mhz, expected] of Object.entries(reference.frequencies_mhz)) {
    const record = frequencies[String(Number(mhz) * 1000)];
    assert.is(record['svc.channelrec.frequency'], Number(mhz) * 1000);
    assert.is(record['svc.channelrec.packets'], expected.frames, `${mhz} MHz packets`);
    assert.is(sum(record['svc.channelrec.packets_rrd']['svc.common.rrd.day_vec']), expected.frames, `${mhz} MHz packets history`);
    assert.is(record['svc.channelrec.devices'], expected.transmitters, `${mhz} MHz devices`);
    assert.ok(record['svc.channelrec.signal']['svc.common.signal.last_signal'] < 0, 'the radio header signal is kept');
    assert.ok(sum(record['svc.channelrec.data_rrd']['svc.common.rrd.day_vec']) > expected.frames * 24, 'bytes counted');
  }
  const byChannel = channels['svc.channeltracker.channel_map'];
  assert.equal(Object.fromEntries(Object.entries<any>(byChannel).map(([name, record]) => [name, record['svc.channelrec.packets']])), reference.channels);
  // The replay ran within the last 30 s: once the server has sampled them after it (each second),
  // the devices active on each frequency are among the devices last heard on it, and some are.
  let sampled: any[] = [];
  await waitUntil('a sample of the active devices after the replay', async () => {
    sampled = Object.values<any>((await json('/channels/channels.json'))['svc.channeltracker.frequency_map']);
    const active = sampled.map((record) => record['svc.channelrec.active_devices']);
    return sum(active) > 0 && sampled.every((record) => record['svc.channelrec.active_devices'] <= record['svc.channelrec.devices']);
  }, { timeoutMs: 20_000, detail: () => JSON.stringify(sampled.map((record) => [record['svc.channelrec.frequency'], record['svc.channelrec.active_devices'], record['svc.channelrec.devices']])) });
  for (const record of sampled) {
    const history = record['svc.channelrec.device_rrd']['svc.common.rrd.minute_vec'] as number[];
    assert.ok(history.includes(record['svc.channelrec.active_devices']), 'the last sample is in the device history');
  }
  const ekjson = await lines('/channels/channels.ekjson');
  assert.ok('2412000' in ekjson[0].svc_channeltracker_frequency_map, 'ekjson keeps the frequency keys');
  assert.ok('svc_channelrec_packets' in ekjson[0].svc_channeltracker_frequency_map['2412000']);
  const simplified = await json('/channels/channels.json', { fields: ['svc.channeltracker.channel_map'] });
  assert.equal(Object.keys(simplified), ['svc.channeltracker.channel_map']);
});

test("clients-of: every station that sent an access point data has it in its client map (Devices.dot11_clients_of's call)", async () => {
  const fields = ['svc.device.base.key', 'svc.device.base.macaddr', 'dot11.device/dot11.device.client_map'];
  for (const [bssid, stations] of Object.entries(reference.to_ds_stations)) {
    const clients = await lines(`/phy/phy80211/clients-of/${keyOf(bssid)}/clients.itjson`, { fields });
    const macs = clients.map((client) => client['svc.device.base.macaddr'].toLowerCase());
    for (const station of stations) assert.ok(macs.includes(station), `${station} is a client of ${bssid}: ${macs.join(' ')}`);
    for (const client of clients) {
      assert.equal(Object.keys(client), ['svc.device.base.key', 'svc.device.base.macaddr', 'dot11.device.client_map']);
      assert.ok(bssid.toUpperCase() in client['dot11.device.client_map'], `${client['svc.device.base.macaddr']} lists ${bssid}`);
    }
  }
  const [bssid, stations] = Object.entries(reference.to_ds_stations)[0]!;
  const full = await json(`/phy/phy80211/clients-of/${keyOf(bssid)}/clients.json`);
  assert.ok(full.length >= stations.length && full[0]['dot11.device'], 'full device records without fields');
  const ekjson = await lines(`/phy/phy80211/clients-of/${keyOf(bssid)}/clients.ekjson`);
  assert.is(ekjson.length, full.length);
  assert.ok(ekjson[0].svc_device_base_key);
  const pretty = await (await call(`/phy/phy80211/clients-of/${keyOf(bssid)}/clients.prettyjson`)).text();
  assert.match(pretty, /"description\.svc\.device\.base\.key": "devicekey, /);
  assert.is((await call('/phy/phy80211/clients-of/nonsense/clients.json')).status, 400);
  assert.is((await call(`/phy/phy80211/clients-of/${keyOf('02:00:00:00:00:01')}/clients.json`)).status, 404);
});

test('related-to: the access point first, then its clients and theirs, each once', async () => {
  const [bssid] = Object.entries(reference.to_ds_stations)[0]!;
  const fields = ['svc.device.base.key'];
  const related = (await json(`/phy/phy80211/related-to/${keyOf(bssid)}/devices.json`, { fields })).map((device: any) => device['svc.device.base.key']);
  const clients = (await json(`/phy/phy80211/clients-of/${keyOf(bssid)}/clients.json`, { fields })).map((device: any) => device['svc.device.base.key']);
  assert.is(related[0], keyOf(bssid));
  assert.is(new Set(related).size, related.length);
  for (const client of clients) assert.ok(related.includes(client), `${client} is related`);
  const ofClient = await json(`/phy/phy80211/related-to/${clients[0]}/devices.itjson`, { fields });
  assert.is(ofClient['svc.device.base.key'], clients[0], 'a lone client: one line, itself');
});

test('the SSID view groups every SSID with the devices tshark saw beaconing, answering and probing for it', async () => {
  const groups = await json('/phy/phy80211/ssids/views/ssids.json');
  assert.equal(groups.map((group: any) => group['dot11.ssidgroup.ssid']).sort(), Object.keys(reference.ssids).sort());
  for (const group of groups) {
    const expected = reference.ssids[group['dot11.ssidgroup.ssid']]!;
    assert.equal(group['dot11.ssidgroup.advertising_devices'].sort(), expected.advertising.map(keyOf).sort(), `${group['dot11.ssidgroup.ssid']} advertising`);
    assert.equal(group['dot11.ssidgroup.responding_devices'].sort(), expected.responding.map(keyOf).sort(), `${group['dot11.ssidgroup.ssid']} responding`);
    assert.equal(group['dot11.ssidgroup.probing_devices'].sort(), expected.probing.map(keyOf).sort(), `${group['dot11.ssidgroup.ssid']} probing`);
    assert.is(group['dot11.ssidgroup.probing_devices_len'], expected.probing.length);
    assert.is(group['dot11.ssidgroup.ssid_len'], Buffer.byteLength(group['dot11.ssidgroup.ssid']));
    assert.ok(group['dot11.ssidgroup.first_time'] <= group['dot11.ssidgroup.last_time']);
  }
  const one = groups[0];
  const byHash = await json(`/phy/phy80211/ssids/by-hash/${one['dot11.ssidgroup.hash']}/ssid.json`);
  assert.is(byHash['dot11.ssidgroup.ssid'], one['dot11.ssidgroup.ssid']);
  assert.equal(byHash['dot11.ssidgroup.probing_devices'].sort(), one['dot11.ssidgroup.probing_devices']);
  assert.is((await call('/phy/phy80211/ssids/by-hash/12345/ssid.json')).status, 404);
});

test('the SSID view pages like a device view: datatables with colmap sorting and search, and page paging', async () => {
  const names = Object.keys(reference.ssids).sort();
  const fields = ['dot11.ssidgroup.ssid', 'dot11.ssidgroup.advertising_devices_len'];
  const page = await json('/phy/phy80211/ssids/views/ssids.json', { datatable: true, fields, colmap: { 0: ['dot11.ssidgroup.ssid'] } });
  assert.is(page.recordsTotal, names.length);
  const response = await fetch(`${svc.url}/phy/phy80211/ssids/views/ssids.json`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      json: JSON.stringify({ datatable: true, fields, colmap: { 0: ['dot11.ssidgroup.ssid'] } }),
      start: '10',
      length: '5',
      draw: '7',
      'order[0][column]': '0',
      'order[0][dir]': 'asc',
    }),
  });
  const sorted = (await response.json()) as any;
  assert.equal(Object.keys(sorted), ['draw', 'data', 'recordsTotal', 'recordsFiltered']);
  assert.is(sorted.draw, 7);
  assert.equal(sorted.data.map((group: any) => group['dot11.ssidgroup.ssid']), [...names].sort((a, b) => (a < b ? -1 : 1)).slice(10, 15));
  assert.equal(Object.keys(sorted.data[0]), fields);
  const term = names[3]!.slice(0, 6);
  const searched = await json('/phy/phy80211/ssids/views/ssids.json', { datatable: true, fields, search: { value: term.toUpperCase() } });
  assert.is(searched.recordsFiltered, names.filter((name) => name.toLowerCase().includes(term.toLowerCase())).length);
  const paged = (await (await fetch(`${svc.url}/phy/phy80211/ssids/views/ssids.json?page=1&length=30&sort=dot11.ssidgroup.ssid&sort_dir=desc`, { headers: { authorization } })).json()) as any;
  assert.is(paged.total_row, names.length);
  assert.is(paged.last_page, Math.ceil(names.length / 30));
  assert.equal(paged.data.map((group: any) => group['dot11.ssidgroup.ssid']), [...names].sort((a, b) => (a < b ? 1 : -1)).slice(30, 60));
  const regex = await json('/phy/phy80211/ssids/views/ssids.itjson', { regex: [['dot11.ssidgroup.ssid', `^${names[0]}$`]], fields });
  assert.is(regex['dot11.ssidgroup.ssid'], names[0]);
  const bad = await call('/phy/phy80211/ssids/views/ssids.json', { fields: 'nope' });
  assert.is(bad.status, 400);
});

test.run();
