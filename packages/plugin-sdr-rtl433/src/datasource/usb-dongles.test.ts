import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRtl433Type } from '../datasource.js';
import { findRtlSdrDongles } from './usb-dongles.js';

/** A sysfs USB tree laid out as Linux lays it out: one directory per device, one file per attribute. */
function sysfsTree(devices: Record<string, Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-sysfs-'));
  for (const [name, attributes] of Object.entries(devices)) {
    mkdirSync(join(root, name));
    for (const [attribute, value] of Object.entries(attributes)) writeFileSync(join(root, name, attribute), `${value}\n`);
  }
  return root;
}

const root = sysfsTree({
  usb1: { idVendor: '1d6b', idProduct: '0002', busnum: '1', devnum: '1' },
  '1-1': { idVendor: '0bda', idProduct: '2838', manufacturer: 'Realtek', product: 'RTL2838UHIDIR', serial: '00000433', busnum: '1', devnum: '5' },
  '1-1:1.0': { bInterfaceClass: 'ff' },
  '1-2': { idVendor: '046d', idProduct: 'c52b', manufacturer: 'Logitech', product: 'USB Receiver', busnum: '1', devnum: '3' },
  '2-1': { idVendor: '0bda', idProduct: '2832', product: 'RTL2832U', busnum: '2', devnum: '2' },
  '1-3': { idVendor: '0BDA', idProduct: '2838', manufacturer: 'Realtek', product: 'RTL2838UHIDIR', serial: '00000001', busnum: '1', devnum: '4' },
});

test('RTL-SDR dongles are found by USB id, numbered in bus and device order, with their serials', async () => {
  const dongles = await findRtlSdrDongles(root);
  assert.equal(
    dongles.map((dongle) => [dongle.index, dongle.usbPath, dongle.serial, dongle.vendorProduct]),
    [
      [0, '1-3', '00000001', '0bda:2838'],
      [1, '1-1', '00000433', '0bda:2838'],
      [2, '2-1', undefined, '0bda:2832'],
    ],
  );
});

test('list_interfaces offers each dongle by index and, when it has one, by serial', async () => {
  const listed = await createRtl433Type({ sysfsUsb: root }).list!({ signal: new AbortController().signal });
  assert.equal(
    listed.map((entry) => [entry.interface, entry.hardware]),
    [
      ['rtl433-0', 'Realtek RTL2838UHIDIR'],
      ['rtl433-00000001', 'Realtek RTL2838UHIDIR'],
      ['rtl433-1', 'Realtek RTL2838UHIDIR'],
      ['rtl433-00000433', 'Realtek RTL2838UHIDIR'],
      ['rtl433-2', 'RTL2832U'],
    ],
  );
});

test('a host without USB in sysfs has no dongles', async () => {
  assert.equal(await findRtlSdrDongles(join(root, 'missing')), []);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
