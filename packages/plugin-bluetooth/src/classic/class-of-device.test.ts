/**
 * Class of device names on the classes of the shared data set's Classic devices, checked against
 * tshark's reading of the same captures (`cod_major_minor`), and on the majors whose minor bits
 * mean something else (peripherals, imaging, network access points).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readClassOfDevice } from './class-of-device.js';

test("the shared data set's classes name as tshark names them", () => {
  // From the *.tshark.json references of shared/data/bluetooth (cod_major_minor).
  const tshark: [number, string, string][] = [
    [0x5a020c, 'Phone', 'Smartphone'],
    [0x0a010c, 'Computer', 'Laptop'],
    [0x280704, 'Wearable', 'Wristwatch'],
    [0x200404, 'Audio/Video', 'Wearable Headset Device'],
    [0x0c243c, 'Audio/Video', 'Video Display and Loudspeaker'],
  ];
  for (const [cod, major, minor] of tshark) assert.equal([readClassOfDevice(cod).major, readClassOfDevice(cod).minor], [major, minor], cod.toString(16));
  assert.equal(readClassOfDevice(0x001f00).major, 'Uncategorized');
  assert.equal(readClassOfDevice(0x5a020c).services, ['Networking', 'Capturing', 'Object Transfer', 'Telephony']);
});

test('peripherals, imaging devices and access points read their minor bits their own way', () => {
  assert.is(readClassOfDevice(0x002540).minor, 'Keyboard');
  assert.is(readClassOfDevice(0x002580).minor, 'Pointing Device');
  assert.is(readClassOfDevice(0x002508).minor, 'Gamepad');
  assert.is(readClassOfDevice(0x0006a0).minor, 'Camera, Printer');
  assert.is(readClassOfDevice(0x000300).minor, 'Fully Available');
  assert.match(readClassOfDevice(0x001500).major, /^Reserved/);
});

test.run();
