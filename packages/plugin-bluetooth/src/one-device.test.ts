/**
 * One BLE device, whoever hears it: an advertiser an nRF sniffer hears on the air (DLT 256) and
 * the host's controller reports over HCI (an LE advertising report) is one `BTLE` device, with
 * the packets of both and what each told; a Classic device with the same address stays a
 * device of its own in the `Bluetooth` PHY, as Kismet keeps them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, runPacketChain, type Packet } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import bluetoothPlugin from './index.js';
import { ADVERTISING_ACCESS_ADDRESS, DLT_BLUETOOTH_LE_LL_WITH_PHDR, withLePhdr } from './btle/le-ll-phdr.js';
import { DLT_BLUETOOTH_HCI_H4 } from './hci/hci-frame.js';
import { adStructures, bdAddr, extendedInquiryResultEvent, leAdvertisingReportEvent } from './testing/hci-frames.js';

const ADDRESS = '00:1B:63:AA:BB:CC';

/** An ADV_IND from a public address as it is on the air: access address, header, AdvA, data, CRC. */
function sniffedAdvertisement(data: Buffer): Buffer {
  const pdu = Buffer.concat([bdAddr(ADDRESS), data]);
  const access = Buffer.alloc(4);
  access.writeUInt32LE(ADVERTISING_ACCESS_ADDRESS);
  return Buffer.concat([access, Buffer.of(0x00, pdu.length), pdu, Buffer.of(0, 0, 0)]);
}

test('a sniffed advertiser and an adapter-reported one with the same address are one BTLE device', async () => {
  const t = await createTestService({ plugins: [bluetoothPlugin], log: createLogger({ write: () => {} }) });
  try {
    const now = Math.floor(Date.now() / 1000);
    const sniffed: Packet = {
      tsSec: now,
      tsUsec: 0,
      sourceUuid: 'nrf',
      dlt: DLT_BLUETOOTH_LE_LL_WITH_PHDR,
      data: withLePhdr({ rfChannel: 0, signalDbm: -48, flags: 0 }, sniffedAdvertisement(adStructures([[0x01, Uint8Array.of(0x06)], [0x08, 'Wat']]))),
      annotations: {},
    };
    const reported: Packet = {
      tsSec: now + 1,
      tsUsec: 0,
      sourceUuid: 'adapter',
      dlt: DLT_BLUETOOTH_HCI_H4,
      data: leAdvertisingReportEvent([{ eventType: 4, addressType: 0, address: ADDRESS, data: adStructures([[0x09, 'Watch 4'], [0xff, Uint8Array.of(0x75, 0x00, 0x01)]]), rssi: -70 }]),
      annotations: {},
    };
    const classic: Packet = { tsSec: now + 2, tsUsec: 0, sourceUuid: 'adapter', dlt: DLT_BLUETOOTH_HCI_H4, data: extendedInquiryResultEvent({ address: ADDRESS, classOfDevice: 0x280704, eir: adStructures([[0x09, 'Watch 4 (BR/EDR)']]) }), annotations: {} };
    for (const packet of [sniffed, reported, classic]) runPacketChain(t.svc.hooks, packet);
    t.svc.devices.commit();
    const le = (await (await t.request('/devices/views/phy-BTLE/devices.json')).json()) as Record<string, any>[];
    assert.is(le.length, 1);
    const [device] = le;
    assert.equal([device['svc.device.base.macaddr'], device['svc.device.base.name'], device['svc.device.base.packets.total']], [ADDRESS, 'Watch 4', 2]);
    assert.equal(device['btle.device']['btle.device.pdu_types'], ['ADV_IND', 'SCAN_RSP']);
    assert.equal(device['btle.device']['btle.device.company_ids'], [0x75]);
    assert.equal(device['svc.device.base.signal']['svc.common.signal.last_signal'], -70);
    assert.equal(Object.keys(device['svc.device.base.seenby']).length, 2, 'seen by the sniffer and the adapter');
    const bredr = (await (await t.request('/devices/views/phy-Bluetooth/devices.json')).json()) as Record<string, any>[];
    assert.equal(bredr.map((entry) => [entry['svc.device.base.macaddr'], entry['svc.device.base.type'], entry['svc.device.base.name']]), [[ADDRESS, 'BR/EDR', 'Watch 4 (BR/EDR)']]);
  } finally {
    await t.close();
  }
});

test.run();
