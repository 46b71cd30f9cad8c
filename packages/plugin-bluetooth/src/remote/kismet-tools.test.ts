/**
 * Kismet's Bluetooth capture tools against a real listening svc: frames assembled byte by byte
 * as Kismet's capture framework writes them (`capture_framework.c`: smallest msgpack encodings,
 * dBm as uint32, PACKET headers with code 0, json blocks keyed ts, type, text) go over a real
 * websocket and a real TCP socket. `kismet_cap_linux_bluetooth`'s `linuxbthci` records make
 * Classic and LE devices with their RSSI; `kismet_cap_ubertooth_one`'s raw USB records, built
 * from the advertising packets of a real Ubertooth capture (read by tshark), make the BTLE
 * device tshark lists for that capture; a tool of a type svc has not is refused, naming it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, kismetChecksum } from '@svc/core';
import {
  createTestService,
  mp,
  readWireHeader,
  realDataPath,
  realDataTest,
  remoteCapturePort,
  tcpKismetTool,
  waitUntil,
  websocketKismetTool,
  wireFrame,
  type KismetTool,
  type TestService,
} from '@svc/core/testing';
import bluetoothPlugin, { BLUETOOTH_PHY_NAME, BTLE_PHY_NAME } from '../index.js';
import { UBERTOOTH_RECORD_BYTES } from './ubertooth-usb-record.js';

/** The adapter Kismet's tool runs on, and the UUID it makes from it (`probe_callback`). */
const ADAPTER = '00:1A:7D:DA:71:13';
const LINUX_BT_UUID = `${kismetChecksum('kismet_cap_linux_bluetooth').toString(16).toUpperCase().padStart(8, '0')}-0000-0000-0000-${ADAPTER.replaceAll(':', '')}`;
const UBERTOOTH_UUID = `${kismetChecksum('kismet_cap_ubertooth_one').toString(16).toUpperCase().padStart(8, '0')}-0000-0000-0000-000000000000`;
const CRACKLE = 'crackle_le_secure_connections.pcapng';
const TS = 1_700_000_000;

let t: TestService;
let base: string;
let tcpPort: number;
let token: string;

test.before(async () => {
  t = await createTestService({ plugins: [bluetoothPlugin], config: { remote_capture_enabled: 'true', remote_capture_port: '0' }, log: createLogger({ write: () => {} }) });
  base = (await t.svc.start()).url;
  tcpPort = remoteCapturePort(t.svc.messages);
  token = await (await t.command('/auth/apikey/generate.cmd', { name: 'sensor', role: 'datasource' })).text();
});
test.after(() => t.close());

/** A uint32 as `mpack_write_u32` writes one that needs 32 bits. */
const u32 = (value: number) => Buffer.from([0xce, (value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
/** Kismet's NEWSOURCE: definition, source type, UUID; header code 0. */
const newsource = (definition: string, type: string, uuid: string) => wireFrame(19, 1, mp.map([[1, mp.str(definition)], [2, mp.str(type)], [3, mp.str(uuid)]]), 0);
/** Kismet's OPENREPORT (`cf_send_openresp`): msg, seqno, dlt, version, uuid, capif, hardware, channel, channels. */
function openreport(seqno: number, uuid: string, capif: string, hardware: string, channels: string[] = []): Buffer {
  const fields: [number, Buffer][] = [[9, mp.str('')], [1, mp.uint(seqno)], [2, mp.uint(0)], [10, mp.str('2023.07.R1-0')], [8, mp.str(uuid)], [3, mp.str(capif)], [7, mp.str(hardware)]];
  if (channels.length) fields.push([5, mp.str(channels[0]!)], [4, mp.array(channels.map((channel) => mp.str(channel)))]);
  return wireFrame(13, seqno, mp.map(fields), 1);
}
/** `cf_send_btjson`: Kismet's exact record text, the RSSI as the signal block's dBm, 2.4 GHz. */
function btjson(seqno: number, addr: string, name: string, type: number, connectable: number, rssi: number): Buffer {
  const json = `{"addr": "${addr}","name": "${name}","type": ${type},"connectable": ${connectable}}`;
  const signal = mp.map([[1, u32(rssi >>> 0)], [5, u32(2_400_000)]]);
  const block = mp.map([[2, u32(TS)], [3, mp.uint(250)], [1, mp.str('linuxbthci')], [4, mp.str(json)]]);
  return wireFrame(16, seqno, mp.map([[2, signal], [5, block]]), 0);
}
/** `cf_send_data` with no signal or GPS: a packet block of link type `dlt`. */
function dataFrame(seqno: number, dlt: number, content: Buffer): Buffer {
  const block = mp.map([[1, mp.uint(dlt)], [2, u32(TS)], [3, mp.uint(0)], [4, mp.uint(content.length)], [6, mp.bin(content)]]);
  return wireFrame(16, seqno, mp.map([[4, block]]), 0);
}

/** Announces a source and answers the server's OPENREQ as Kismet's tool does. */
async function open(tool: KismetTool, definition: string, type: string, uuid: string, capif: string, hardware: string, channels?: string[]): Promise<void> {
  tool.send(newsource(definition, type, uuid));
  const openreq = await tool.next(12);
  assert.is(openreq.frame.body.get(1), definition);
  tool.send(openreport(readWireHeader(openreq.bytes).seqno, uuid, capif, hardware, channels));
  await waitUntil(`the ${type} source to open`, () => t.svc.datasources.get(uuid)?.state === 'running');
}

const record = async (uuid: string) => (await (await t.request(`/datasource/by-uuid/${uuid}/source.json`)).json()) as Record<string, any>;
const devicesOf = async (phy: string) => (await (await t.request(`/devices/views/phy-${phy}/devices.json`)).json()) as Record<string, any>[];
const byMac = (devices: Record<string, any>[], mac: string) => devices.find((device) => device['svc.device.base.macaddr'] === mac);
const lastSignal = (device: Record<string, any> | undefined) => device?.['svc.device.base.signal']?.['svc.common.signal.last_signal'];

test("linuxbluetooth over websocket: Kismet's linuxbthci records become a Classic device and LE devices, each with its RSSI", async () => {
  const tool = await websocketKismetTool(base, `SVC=${token}`);
  await open(tool, 'hci0', 'linuxbluetooth', LINUX_BT_UUID, 'hci0', 'linuxhci');
  const source = await record(LINUX_BT_UUID);
  assert.equal(
    [source['svc.datasource.type_driver']['svc.datasource.driver.type'], source['svc.datasource.remote'], source['svc.datasource.capture_interface'], source['svc.datasource.hardware']],
    ['linuxbluetooth', 1, 'hci0', 'linuxhci'],
  );
  tool.send(btjson(2, '00:1B:DC:0F:AA:01', 'JBL Tune 510BT', 0, 1, -60));
  tool.send(btjson(3, 'F4:5C:89:AB:10:02', '', 1, 1, -72));
  tool.send(btjson(4, 'D8:3A:1C:44:0B:E3', 'Tile', 2, 0, -81));
  await waitUntil('the three records', async () => (await record(LINUX_BT_UUID))['svc.datasource.num_packets'] === 3);

  const classic = await devicesOf(BLUETOOTH_PHY_NAME);
  assert.is(classic.length, 1, 'only the BR/EDR record is a Classic device');
  const headset = byMac(classic, '00:1B:DC:0F:AA:01')!;
  assert.equal([headset['svc.device.base.type'], headset['svc.device.base.name'], lastSignal(headset)], ['BR/EDR', 'JBL Tune 510BT', -60]);
  assert.is(headset['bluetooth.device']['bluetooth.device.connectable'], 1);

  const le = await devicesOf(BTLE_PHY_NAME);
  const publicLe = byMac(le, 'F4:5C:89:AB:10:02');
  const randomLe = byMac(le, 'D8:3A:1C:44:0B:E3');
  assert.equal([publicLe?.['svc.device.base.type'], lastSignal(publicLe), publicLe?.['btle.device']['btle.device.address_type']], ['BTLE', -72, 'public']);
  assert.equal([randomLe?.['svc.device.base.name'], lastSignal(randomLe), randomLe?.['btle.device']['btle.device.address_type']], ['Tile', -81, 'random']);
  assert.is(randomLe?.['btle.device']['btle.device.connectable'], 0);
  tool.end();
  await tool.closed;
});

/** The ADV_IND and SCAN_RSP packets of the Ubertooth capture (DLT 256), as tshark reads them. */
function crackleAdvertisements(): Buffer[] {
  const json = execFileSync('tshark', ['-r', realDataPath('bluetooth', CRACKLE), '-Y', 'btle.advertising_header.pdu_type == 0 || btle.advertising_header.pdu_type == 4', '-T', 'json', '-x'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 1 << 26,
  });
  return (JSON.parse(json) as { _source: { layers: { frame_raw: [string] } } }[]).map((frame) => Buffer.from(frame._source.layers.frame_raw[0], 'hex'));
}

/**
 * The `usb_pkt_rx` record the Ubertooth gave for a DLT 256 packet: LE packet type, the channel
 * in MHz above 2402, RSSI registers (dBm + 54), then the link-layer bytes (libubertooth's layout).
 */
function usbRecord(dlt256: Buffer, rssiDbm: number): Buffer {
  const record = Buffer.alloc(UBERTOOTH_RECORD_BYTES);
  record[0] = 1;
  record[2] = dlt256[0]! * 2;
  record.writeInt8(rssiDbm + 54 + 3, 8);
  record.writeInt8(rssiDbm + 54, 9);
  record.writeInt8(rssiDbm + 54 + 1, 10);
  record[11] = 8;
  dlt256.copy(record, 14, 10);
  return record;
}

realDataTest(test, "ubertooth over TCP: Kismet's raw Ubertooth records of a real capture make the BTLE device tshark lists, with the RSSI", [`bluetooth/${CRACKLE}`, 'bluetooth/crackle_le_secure_connections.tshark.json'], async () => {
  const reference = JSON.parse(readFileSync(realDataPath('bluetooth', 'crackle_le_secure_connections.tshark.json'), 'utf8')) as { devices: { address: string; names: { name: string }[] }[] };
  const advertiser = reference.devices.find((device) => device.names.length > 0)!;
  const advertisements = crackleAdvertisements();
  assert.ok(advertisements.length >= 30, `${advertisements.length} advertising packets`);

  const tool = await tcpKismetTool(tcpPort);
  await open(tool, 'ubertooth-0', 'ubertooth', UBERTOOTH_UUID, 'ubertooth-0', 'ubertooth', ['37', '38', '39']);
  const source = await record(UBERTOOTH_UUID);
  assert.equal([source['svc.datasource.hardware'], source['svc.datasource.dlt'], source['svc.datasource.channels']], ['ubertooth', 256, ['37', '38', '39']]);
  // Kismet's tool writes each record as it polls it, so several frames share a TCP write.
  tool.socket.write(Buffer.concat(advertisements.map((packet, index) => dataFrame(10 + index, 0, usbRecord(packet, -67)))));
  await waitUntil('every record', async () => (await record(UBERTOOTH_UUID))['svc.datasource.num_packets'] === advertisements.length);

  const device = byMac(await devicesOf(BTLE_PHY_NAME), advertiser.address.toUpperCase());
  assert.ok(device, `tshark's advertiser ${advertiser.address} is a BTLE device`);
  assert.is(device!['svc.device.base.name'], advertiser.names[0]!.name);
  assert.is(lastSignal(device), -67);
  assert.is(device!['svc.device.base.channel'], '37');
  assert.is(device!['btle.device']['btle.device.address_type'], 'random');
  assert.is((await record(UBERTOOTH_UUID))['svc.datasource.num_error_packets'], 0);

  // A tool that sends DLT 256 itself passes through; a record of the wrong size is an error packet.
  tool.send(dataFrame(100, 256, advertisements[0]!));
  tool.send(dataFrame(101, 0, Buffer.alloc(10)));
  await waitUntil('the two packets', async () => (await record(UBERTOOTH_UUID))['svc.datasource.num_packets'] === advertisements.length + 2);
  assert.is((await record(UBERTOOTH_UUID))['svc.datasource.num_error_packets'], 1);

  // Channel control reaches the tool as CONFIGREQ, as Kismet's server sends it.
  const setChannel = t.command(`/datasource/by-uuid/${UBERTOOTH_UUID}/set_channel.cmd`, { channel: '38' });
  const configreq = await tool.next(17);
  assert.is(configreq.frame.body.get(1), '38');
  const seqno = readWireHeader(configreq.bytes).seqno;
  tool.send(wireFrame(18, seqno, mp.map([[1, mp.uint(seqno)], [2, mp.str('38')]])));
  assert.is((await setChannel).status, 200);
  tool.end();
  await tool.closed;
});

test('a tool of a type svc has not is refused with ERROR, naming its type and the types svc takes; no source is made', async () => {
  for (const [definition, type] of [
    ['ticc2531-0', 'ticc2531'],
    ['hci1', 'linuxbluetoothX'],
  ]) {
    const sources = t.svc.datasources.list().length;
    const tool = await tcpKismetTool(tcpPort);
    tool.send(newsource(definition!, type!, '5A3B0C11-0000-0000-0000-0000000000AB'));
    const refusal = String((await tool.next(6)).frame.body.get(1));
    assert.is(refusal, `the server cannot take this source: SVC_ERR_NO_DATASOURCE_TYPE: no datasource type '${type}' (svc takes remote capture tools of type linuxbluetooth, ubertooth)`);
    await tool.closed;
    assert.is(t.svc.datasources.list().length, sources);
  }
});

test.run();
