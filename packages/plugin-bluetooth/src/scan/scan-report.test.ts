/**
 * Bluetooth scan reports over a real listening server (kismet-docs "PhyBluetooth Scanning-mode
 * Sources"): a phone's report makes a `bluetoothscan` source for the reporter, LE devices in the
 * BTLE PHY and Classic devices in the Bluetooth PHY, with the name, the reporter's device type,
 * TX power, path loss, signal, position, and the scan data decoded: scan data rebuilt from the
 * advertising reports of a real capture gives the names, services and company ids tshark
 * found there. Bad reports are 400s naming the entry and the key, and change nothing; only
 * `scanreport` and `admin` logins may post.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, mutateText, postCommand, realDataPath, realDataTest, seededRandom, TEST_ADMIN, waitUntil, type TestService } from '@svc/core/testing';
import bluetoothPlugin, { BLUETOOTH_PHY_NAME, BTLE_PHY_NAME } from '../index.js';
import { decodeBluetoothFrame } from '../classic/bluetooth-decoder.js';
import { BLUETOOTHSCAN_RECORD_TYPE } from './bluetooth-scan-record.js';

const REPORTER = '3D8E2B10-7C4A-4F0E-9B61-0A1B2C3D4E5F';
const CAPTURE = 'bluetooth/beancountertop_hci.tshark.json';
let t: TestService;
let base: string;
const admin = `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}`;

test.before(async () => {
  t = await createTestService({ plugins: [bluetoothPlugin], config: { httpd_max_body: '2000000' }, log: createLogger({ write: () => {} }) });
  base = (await t.svc.start()).url;
});
test.after(() => t.close());

const post = (body: unknown, headers: Record<string, string> = { authorization: admin }) => postCommand(`${base}/phy/phybluetooth/scan/scan_report.cmd`, body, headers);
const get = async (path: string) => (await (await fetch(`${base}${path}`, { headers: { authorization: admin } })).json()) as any;
const device = async (phy: string, mac: string) => ((await get(`/devices/views/phy-${phy}/devices.json`)) as any[]).find((entry) => entry['svc.device.base.macaddr'] === mac);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ReferenceReport {
  address: string;
  event_type: number;
  ad: { type: number; data_hex: string }[];
}
interface ReferenceDevice {
  address: string;
  names: { name: string }[];
  uuid16: string[];
  service_data_uuid16: string[];
  tx_power_levels: number[];
  company_ids: { id: number }[];
}

/**
 * What an Android phone's scan record holds for a device of the capture: its advertising data
 * and its scan response, each structure written back from tshark's reading of it, zero-padded
 * to the 62 bytes `ScanRecord.getBytes()` gives.
 */
function phoneScanData(reports: ReferenceReport[], address: string): string {
  const bytes: number[] = [];
  for (const eventType of [0, 4]) {
    const report = reports.find((candidate) => candidate.address === address && candidate.event_type === eventType);
    for (const ad of report?.ad ?? []) bytes.push(ad.data_hex.length / 2 + 1, ad.type, ...Buffer.from(ad.data_hex, 'hex'));
  }
  return Buffer.from([...bytes, ...new Array<number>(Math.max(0, 62 - bytes.length)).fill(0)]).toString('hex');
}

realDataTest(test, "a phone's LE scan results, rebuilt from a real capture, become BTLE devices with the names, services and company ids tshark found", [CAPTURE], async () => {
  const reference = JSON.parse(readFileSync(realDataPath(CAPTURE), 'utf8')) as { reports: ReferenceReport[]; devices: ReferenceDevice[] };
  const lamp = reference.devices.find((entry) => entry.names[0]?.name === 'Hue Lamp')!;
  const band = reference.devices.find((entry) => entry.names[0]?.name === 'Mi Smart Band 4')!;
  const reply = await post({
    source_name: 'pixel-8',
    source_uuid: REPORTER.toLowerCase(),
    reports: [
      { btaddr: lamp.address, signal: -87, scan_data: phoneScanData(reference.reports, lamp.address), timestamp: 1_700_000_000, lat: 52.37, lon: 4.89, alt: 3 },
      // Android's ScanRecord says Integer.MIN_VALUE when the device advertises no TX power.
      { btaddr: band.address, name: 'Mi Smart Band 4', devicetype: 'Wearable Wrist Watch', signal: '-64', txpowerlevel: -2147483648, scan_data: phoneScanData(reference.reports, band.address) },
    ],
  });
  assert.equal(reply, { status: 200, json: { 'bluetooth.scanreport.accepted': 2, 'bluetooth.scanreport.source_uuid': REPORTER } });
  await waitUntil('both devices', async () => (await device(BTLE_PHY_NAME, band.address.toUpperCase())) !== undefined && (await device(BTLE_PHY_NAME, lamp.address.toUpperCase())) !== undefined);

  const seenLamp = await device(BTLE_PHY_NAME, lamp.address.toUpperCase());
  const btle = seenLamp['btle.device'];
  assert.equal([seenLamp['svc.device.base.name'], seenLamp['svc.device.base.type'], btle['btle.device.tx_power']], [lamp.names[0]!.name, 'BTLE', lamp.tx_power_levels[0]]);
  assert.equal(btle['btle.device.service_uuids'], lamp.uuid16.map((uuid) => uuid.slice(2).toUpperCase()));
  assert.equal(Object.keys(btle['btle.device.service_data']), lamp.service_data_uuid16.map((uuid) => uuid.slice(2).toUpperCase()));
  assert.is(seenLamp['svc.device.base.signal']['svc.common.signal.last_signal'], -87);
  assert.is(seenLamp['svc.device.base.first_time'], 1_700_000_000);
  assert.equal(seenLamp['svc.device.base.location']['svc.common.location.last']['svc.common.location.geopoint'], [4.89, 52.37]);

  const seenBand = await device(BTLE_PHY_NAME, band.address.toUpperCase());
  assert.equal([seenBand['svc.device.base.name'], seenBand['svc.device.base.type']], ['Mi Smart Band 4', 'Wearable Wrist Watch'], "the reporter's device type is kept, as Kismet keeps it");
  assert.equal(seenBand['btle.device']['btle.device.company_ids'], band.company_ids.map((company) => company.id));
  assert.is(seenBand['btle.device']['btle.device.tx_power'], 0, 'no TX power advertised');
  assert.is(seenBand['svc.device.base.signal']['svc.common.signal.last_signal'], -64);

  const source = await get(`/datasource/by-uuid/${REPORTER}/source.json`);
  assert.equal([source['svc.datasource.type_driver']['svc.datasource.driver.type'], source['svc.datasource.name'], source['svc.datasource.num_packets']], ['bluetoothscan', 'pixel-8', 2]);
});

test('Classic results (a name and a signal, or devicetype BR/EDR) are Bluetooth devices; service data and path loss are kept; the reporter is renamed', async () => {
  const reporter = '7A0C1E22-0B3D-4E5F-8A9B-0C1D2E3F4A5B';
  const reply = await post({
    source_name: 'galaxy-s23',
    source_uuid: reporter,
    reports: [
      { btaddr: '00:02:5B:00:A5:A5', name: 'CSR8670-Stereo Gaming Headset', devicetype: 'Audio/Video Headphones', signal: -71 },
      { btaddr: '94:65:2d:c6:f4:00', name: 'OnePlus 5T', devicetype: 'BR/EDR', txpowerlevel: 4, pathloss: 62, signal: -58, service_data: { '0000fe2c-0000-1000-8000-00805f9b34fb': '0041', feaa: '10F8' } },
      { btaddr: 'C8:69:CD:11:22:33', devicetype: 'BTLE', signal: -90 },
    ],
  });
  assert.is(reply.status, 200, JSON.stringify(reply.json));
  await waitUntil('the three devices', async () => (await device(BTLE_PHY_NAME, 'C8:69:CD:11:22:33')) !== undefined && (await device(BLUETOOTH_PHY_NAME, '94:65:2D:C6:F4:00')) !== undefined);
  const headset = await device(BLUETOOTH_PHY_NAME, '00:02:5B:00:A5:A5');
  assert.equal([headset['svc.device.base.name'], headset['svc.device.base.type'], headset['bluetooth.device']['bluetooth.device.name_source']], ['CSR8670-Stereo Gaming Headset', 'Audio/Video Headphones', 'scan_report']);
  const phone = (await device(BLUETOOTH_PHY_NAME, '94:65:2D:C6:F4:00'))['bluetooth.device'];
  assert.equal([phone['bluetooth.device.txpower'], phone['bluetooth.device.pathloss']], [4, 62]);
  assert.equal(phone['bluetooth.device.service_data_bytes'], { FE2C: '0041', FEAA: '10f8' });
  assert.equal(phone['bluetooth.device.report_kinds'], ['scan_report']);
  assert.is((await device(BTLE_PHY_NAME, 'C8:69:CD:11:22:33'))['svc.device.base.type'], 'BTLE');
  assert.is((await post({ source_name: 'galaxy-s23-work', source_uuid: reporter, reports: [{ btaddr: '00:02:5B:00:A5:A5', signal: -70 }] })).status, 200);
  await waitUntil('the rename', async () => (await get(`/datasource/by-uuid/${reporter}/source.json`))['svc.datasource.name'] === 'galaxy-s23-work');
});

test('malformed reports are 400s naming the entry and the key, and change nothing', async () => {
  const before = t.svc.devices.size;
  const good = { btaddr: '00:11:22:33:44:55', signal: -60 };
  const reporter = (reports: unknown) => ({ source_name: 'x', source_uuid: REPORTER, reports });
  const cases: [unknown, string, RegExp][] = [
    [{ source_name: 'x', reports: [good] }, 'SVC_ERR_MISSING_KEY', /'source_uuid' is required/],
    [reporter([good, { signal: -60 }]), 'SVC_ERR_BAD_REQUEST', /scan report: reports\[1\]: 'btaddr' is required and must be a string/],
    [reporter([{ btaddr: '00:11:22:33:44' }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: btaddr '00:11:22:33:44' is not a device address/],
    [reporter([good, good, { ...good, scan_data: '02011' }]), 'SVC_ERR_BAD_REQUEST', /reports\[2\]: 'scan_data' must be hex bytes/],
    [reporter([{ ...good, scan_data: 'zz' }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: 'scan_data' must be hex bytes/],
    [reporter([{ ...good, service_data: { feaa: 'xyz' } }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: 'service_data.feaa' must be hex bytes/],
    [reporter([{ ...good, service_data: { battery: '64' } }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: 'service_data' key 'battery' is not a service UUID/],
    [reporter([{ ...good, service_data: ['64'] }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: 'service_data' must be an object/],
    [reporter([{ ...good, txpowerlevel: 'high' }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: 'txpowerlevel' must be a number/],
    [reporter([{ ...good, pathloss: 1.5 }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: 'pathloss' 1.5 must be an integer/],
    [reporter([{ ...good, signal: 40 }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: signal 40 dBm is out of range/],
    [reporter([{ ...good, lat: 91, lon: 3 }]), 'SVC_ERR_BAD_REQUEST', /reports\[0\]: position 91, 3 is out of range/],
    [reporter(Array.from({ length: 10_001 }, () => good)), 'SVC_ERR_BAD_REQUEST', /10001 reports in one request \(at most 10000\)/],
  ];
  for (const [body, code, words] of cases) {
    const reply = await post(body);
    assert.is(reply.status, 400, JSON.stringify(body).slice(0, 200));
    assert.is(reply.json.code, code);
    assert.match(reply.json.error, words);
  }
  await sleep(50);
  assert.is(t.svc.devices.size, before);
});

test('a scanreport key may post; readonly and datasource keys and anonymous clients may not', async () => {
  const key = async (role: string) => (await (await t.command('/auth/apikey/generate.cmd', { name: `k-${role}`, role })).text()).trim();
  const body = { source_name: 'esp32', source_uuid: '11111111-2222-3333-4444-555555555555', reports: [{ btaddr: '00:11:22:33:44:66', signal: -70 }] };
  assert.is((await post(body, { cookie: `SVC=${await key('scanreport')}` })).status, 200);
  assert.is((await post(body, { cookie: `SVC=${await key('readonly')}` })).status, 403);
  assert.is((await post(body, { cookie: `SVC=${await key('datasource')}` })).status, 403);
  assert.is((await post(body, {})).status, 401);
});

test('fuzz: mutated BLUETOOTHSCAN records decode or are error packets, never an exception', () => {
  const random = seededRandom(33);
  const seed = JSON.stringify({ btaddr: '94:65:2d:c6:f4:00', name: 'x', devicetype: 'BTLE', txpowerlevel: 4, pathloss: 2, signal: -58, scan_data: '0201060309414243', service_data: { feaa: '10' } });
  let errors = 0;
  for (let i = 0; i < 20_000; i++) {
    const decoded = decodeBluetoothFrame({ dlt: 0, json: { type: BLUETOOTHSCAN_RECORD_TYPE, text: mutateText(seed, random) } });
    if (decoded?.error) errors++;
  }
  assert.ok(errors > 1000 && errors < 20_000, `${errors} error packets`);
});

test.run();
