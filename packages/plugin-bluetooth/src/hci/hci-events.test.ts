/**
 * The HCI event reader on events built byte by byte from the Core spec's layouts: every event
 * that names remote devices, several reports in one event, "not available" RSSI and TX power,
 * a report cut short (the ones before it kept), events of no interest, the link-type framings,
 * and a fuzz of random and damaged events (no exception; damage is reported as malformed).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes, seededRandom } from '@svc/core/testing';
import {
  adStructures,
  extendedInquiryResultEvent,
  inquiryResultEvent,
  inquiryResultWithRssiEvent,
  leAdvertisingReportEvent,
  leExtendedAdvertisingReportEvent,
  remoteNameEvent,
  withDirection,
} from '../testing/hci-frames.js';
import { readHciEvent } from './hci-events.js';
import { DLT_BLUETOOTH_HCI_H4, DLT_BLUETOOTH_HCI_H4_WITH_PHDR, DLT_BLUETOOTH_LINUX_MONITOR, readHciFrame } from './hci-frame.js';

const mac = (text: string) => Number.parseInt(text.replaceAll(':', ''), 16);
/** The event of an H4 frame, read as the decoder reads it. */
const read = (h4: Buffer) => readHciFrame(DLT_BLUETOOTH_HCI_H4, h4)!;

const THERMO = adStructures([
  [0x01, Uint8Array.of(0x06)],
  [0x09, 'Thermo'],
  [0xff, Uint8Array.of(0x4c, 0x00, 0x12, 0x19, 0x10)],
  [0x16, Uint8Array.of(0xaa, 0xfe, 0x10)],
  [0x19, Uint8Array.of(0xc1, 0x03)],
]);

test('an LE advertising report with two devices gives both, each with its own RSSI, type and data', () => {
  const { reports, malformed } = read(
    leAdvertisingReportEvent([
      { eventType: 0, addressType: 1, address: 'C0:FF:EE:00:00:01', data: THERMO, rssi: -61 },
      { eventType: 4, addressType: 0, address: '00:1B:63:00:00:02', data: adStructures([[0x08, 'Sho']]), rssi: -80 },
    ]),
  );
  assert.is(malformed, false);
  assert.is(reports.length, 2);
  const [first, second] = reports;
  assert.equal([first!.address, first!.addressType, first!.rssi, first!.pduType, first!.connectable, first!.transport, first!.legacy], [mac('C0:FF:EE:00:00:01'), 'random', -61, 'ADV_IND', true, 'le', true]);
  assert.equal([first!.data!.name, first!.data!.companyId, first!.data!.manufacturerData, first!.data!.appearance, first!.data!.serviceData], ['Thermo', 0x4c, '121910', 0x03c1, [{ uuid: 'FEAA', data: '10' }]]);
  assert.is(first!.dataLength, THERMO.length);
  assert.equal([second!.address, second!.addressType, second!.rssi, second!.pduType, second!.connectable, second!.data!.name, second!.data!.nameShortened], [mac('00:1B:63:00:00:02'), 'public', -80, 'SCAN_RSP', false, 'Sho', true]);
});

test('an extended advertising report gives its PHY-independent fields; 127 means no RSSI or TX power', () => {
  const [report] = read(leExtendedAdvertisingReportEvent([{ extendedEventType: 0x0001, addressType: 1, address: 'D0:00:00:00:00:01', txPower: 4, rssi: -70, data: adStructures([[0x09, 'Ext']]) }])).reports;
  assert.equal([report!.kind, report!.pduType, report!.connectable, report!.legacy, report!.txPower, report!.rssi, report!.data!.name], ['le_extended_advertising_report', 'ADV_EXT_IND', true, false, 4, -70, 'Ext']);
  const [quiet] = read(leExtendedAdvertisingReportEvent([{ extendedEventType: 0x0018, address: 'D0:00:00:00:00:02', rssi: 127 }])).reports;
  assert.equal([quiet!.pduType, quiet!.legacy, quiet!.rssi, quiet!.txPower], ['SCAN_RSP', true, undefined, undefined]);
});

test('Classic inquiries: results with and without RSSI (arrays of responses), extended results with EIR, remote names', () => {
  const plain = read(inquiryResultEvent([{ address: '00:02:5B:00:A5:A5', classOfDevice: 0x200404 }, { address: '00:02:5B:00:A5:A6', classOfDevice: 0x5a020c }])).reports;
  assert.equal(plain.map((report) => [report.transport, report.kind, report.address, report.classOfDevice, report.rssi]), [
    ['br_edr', 'inquiry_result', mac('00:02:5B:00:A5:A5'), 0x200404, undefined],
    ['br_edr', 'inquiry_result', mac('00:02:5B:00:A5:A6'), 0x5a020c, undefined],
  ]);
  const withRssi = read(inquiryResultWithRssiEvent([{ address: '00:02:5B:00:A5:A5', classOfDevice: 0x200404, rssi: -55 }, { address: '00:02:5B:00:A5:A7', classOfDevice: 0x0a010c, rssi: -90 }])).reports;
  assert.equal(withRssi.map((report) => [report.address, report.classOfDevice, report.rssi]), [
    [mac('00:02:5B:00:A5:A5'), 0x200404, -55],
    [mac('00:02:5B:00:A5:A7'), 0x0a010c, -90],
  ]);
  const eir = adStructures([[0x09, 'OnePlus 5T'], [0x03, Uint8Array.of(0x03, 0x11, 0x05, 0x11)]]);
  const [extended] = read(extendedInquiryResultEvent({ address: '94:65:2D:C6:F4:00', classOfDevice: 0x5a020c, rssi: -80, eir })).reports;
  assert.equal([extended!.kind, extended!.classOfDevice, extended!.rssi, extended!.data!.name, extended!.data!.serviceUuids, extended!.dataLength], ['extended_inquiry_result', 0x5a020c, -80, 'OnePlus 5T', ['1103', '1105'], eir.length]);
  assert.equal(Buffer.from(extended!.rawData!), eir, 'the EIR before its zero padding');
  const [named] = read(remoteNameEvent('00:02:5B:00:A5:A5', 'CSR8670-Stereo Gaming Headset')).reports;
  assert.equal([named!.kind, named!.address, named!.name], ['remote_name', mac('00:02:5B:00:A5:A5'), 'CSR8670-Stereo Gaming Headset']);
  assert.equal(read(remoteNameEvent('00:02:5B:00:A5:A5', '', 0x04)).reports, [], 'a failed name request names nobody');
});

test('a report cut short keeps the reports before it and marks the event malformed', () => {
  const event = leAdvertisingReportEvent([
    { address: 'C0:FF:EE:00:00:01', data: THERMO },
    { address: 'C0:FF:EE:00:00:02', data: THERMO },
  ]);
  const cut = Buffer.from(event.subarray(0, event.length - 5));
  cut[2] = cut.length - 3; // the event's own length agrees; the second report runs past it
  const result = read(cut);
  assert.is(result.malformed, true);
  assert.equal(result.reports.map((report) => report.address), [mac('C0:FF:EE:00:00:01')]);
  const snapped = read(event.subarray(0, event.length - 5));
  assert.is(snapped.malformed, true, 'an event longer than the frame (a snap length) is malformed');
  const badAd = adStructures([[0xff, Uint8Array.of(0x4c)]]);
  badAd[0] = 9; // the structure claims more than the report has
  const truncatedData = read(leAdvertisingReportEvent([{ address: 'C0:FF:EE:00:00:03', data: badAd }, { address: 'C0:FF:EE:00:00:04', data: THERMO }]));
  assert.equal(truncatedData.reports.map((report) => report.address), [mac('C0:FF:EE:00:00:03'), mac('C0:FF:EE:00:00:04')], 'bad advertising data does not lose the next report');
  assert.is(truncatedData.malformed, true);
});

test('commands, ACL data and other events are no business of the reader; link types 201 and 254 frame the same event', () => {
  assert.is(readHciFrame(DLT_BLUETOOTH_HCI_H4, Buffer.of(0x01, 0x03, 0x0c, 0x00)), undefined, 'a command');
  assert.is(readHciFrame(DLT_BLUETOOTH_HCI_H4, Buffer.of(0x02, 0x01, 0x20, 0x00, 0x00)), undefined, 'ACL data');
  assert.is(readHciFrame(DLT_BLUETOOTH_HCI_H4, Buffer.of(0x04, 0x0e, 0x04, 0x01, 0x03, 0x0c, 0x00)), undefined, 'command complete');
  const event = leAdvertisingReportEvent([{ address: 'C0:FF:EE:00:00:01', data: THERMO, rssi: -61 }]);
  const expected = read(event);
  assert.equal(readHciFrame(DLT_BLUETOOTH_HCI_H4_WITH_PHDR, withDirection(event)), expected);
  const monitor = Buffer.concat([Buffer.of(0, 0, 0, 3), event.subarray(1)]);
  assert.equal(readHciFrame(DLT_BLUETOOTH_LINUX_MONITOR, monitor), expected);
  assert.is(readHciFrame(DLT_BLUETOOTH_LINUX_MONITOR, Buffer.of(0, 0, 0, 2, 0x03, 0x0c, 0)), undefined, 'a monitor command');
  assert.equal(readHciFrame(DLT_BLUETOOTH_HCI_H4_WITH_PHDR, Buffer.of(0, 0)), { reports: [], malformed: true });
});

test('fuzz: random and damaged events never throw, and every report names an address within 48 bits', () => {
  const random = seededRandom(33);
  const seeds = [
    leAdvertisingReportEvent([{ address: 'C0:FF:EE:00:00:01', data: THERMO }, { address: 'C0:FF:EE:00:00:02', data: THERMO, eventType: 4 }]),
    leExtendedAdvertisingReportEvent([{ address: 'D0:00:00:00:00:01', data: THERMO }]),
    extendedInquiryResultEvent({ address: '94:65:2D:C6:F4:00', classOfDevice: 0x5a020c, eir: THERMO }),
    inquiryResultWithRssiEvent([{ address: '00:02:5B:00:A5:A5', classOfDevice: 0x200404, rssi: -55 }]),
    remoteNameEvent('00:02:5B:00:A5:A5', 'name'),
  ];
  let malformed = 0;
  for (let round = 0; round < 20_000; round++) {
    let frame: Buffer;
    if (round % 4 === 0) frame = Buffer.concat([Buffer.of(0x04), randomBytes(random, 300)]);
    else {
      frame = Buffer.from(seeds[round % seeds.length]!);
      for (let edits = 1 + Math.floor(random() * 4); edits > 0; edits--) frame[1 + Math.floor(random() * (frame.length - 1))] = Math.floor(random() * 256);
      if (random() < 0.3) frame = frame.subarray(0, Math.floor(random() * frame.length));
    }
    const result = readHciEvent(frame, 1);
    if (result === undefined) continue;
    if (result.malformed) malformed++;
    for (const report of result.reports) assert.ok(Number.isInteger(report.address) && report.address >= 0 && report.address < 2 ** 48);
  }
  assert.ok(malformed > 1000, `${malformed} damaged events reported malformed`);
});

test.run();
