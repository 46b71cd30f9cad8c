/**
 * The built HCI captures are what they claim: tshark reads the btsnoop file as H4 events and
 * finds the Classic device's address, class of device, name, services and RSSI, and the LE
 * device's address type, event type, name, company, services and RSSI, at the times given.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { btsnoopFile, extendedInquiryResultEvent, leAdvertisingReportEvent } from './index.js';

test('tshark reads the Classic and LE devices of a built btsnoop file', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-hci-capture-')), 'built.log');
  const classic = extendedInquiryResultEvent({ address: '94:65:2D:C6:F4:00', classOfDevice: 0x5a020c, rssi: -80, eir: [[0x09, 'Phone'], [0x03, Uint8Array.of(0x01, 0x11, 0x0e, 0x11)]] });
  const le = leAdvertisingReportEvent({ address: 'C0:FF:EE:00:00:01', random: true, eventType: 3, rssi: -61, ad: [[0x09, 'Tag'], [0xff, Uint8Array.of(0x4c, 0x00, 0x12, 0x19)]] });
  writeFileSync(path, btsnoopFile([{ time: 1_700_000_000.25, packet: classic }, { time: 1_700_000_001, packet: le }]));
  const fields = ['frame.time_epoch', 'bthci_evt.bd_addr', 'btcommon.cod.class_of_device', 'btcommon.eir_ad.entry.device_name', 'btcommon.eir_ad.entry.uuid_16', 'bthci_evt.rssi', 'bthci_evt.le_peer_address_type', 'bthci_evt.le_advts_event_type', 'btcommon.eir_ad.entry.company_id'];
  const rows = execFileSync('tshark', ['-n', '-r', path, '-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', ...fields.flatMap((field) => ['-e', field])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim()
    .split('\n')
    .map((line) => line.split('|'));
  assert.equal(rows, [
    ['1700000000.250000000', '94:65:2d:c6:f4:00', '0x5a020c', 'Phone', '0x1101,0x110e', '-80', '', '', ''],
    ['1700000001.000000000', 'c0:ff:ee:00:00:01', '', 'Tag', '', '-61', '0x01', '0x03', '0x004c'],
  ]);
});

test.run();
