/**
 * The MACs an alert names, per frame kind, as Kismet's dissector assigns them (network,
 * source, destination), read from headers the real parser makes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMac } from '@svc/core';
import { parseDot11Header } from '../parse/dot11-header.js';
import { AP, BROADCAST, DA, dataFrame, mac, STA, u16 } from '../parse/test-frames.js';
import { FrameRoles, isUnicast } from './frame-roles.js';

const WIRED = '00:11:22:33:44:55';
function roles(frame: Buffer): string[] {
  const filled = new FrameRoles();
  filled.fill(parseDot11Header(frame, 0, frame.length));
  return [filled.bssid, filled.source, filled.dest].map(formatMac);
}
const up = (...macs: string[]) => macs.map((text) => text.toUpperCase());

test('data frames by direction; an ad-hoc frame without BSSID takes its source', () => {
  assert.equal(roles(dataFrame(0x01, AP, STA, WIRED)), up(AP, STA, WIRED), 'to the DS');
  assert.equal(roles(dataFrame(0x02, STA, AP, WIRED)), up(AP, WIRED, STA), 'from the DS');
  assert.equal(roles(dataFrame(0x00, STA, AP, '00:00:00:00:00:00')), up(AP, AP, STA), 'ad-hoc, no BSSID');
  assert.equal(roles(dataFrame(0x03, AP, STA, DA, 0, [mac(WIRED)])), up('00:00:00:00:00:00', WIRED, DA), 'WDS');
});

test('control frames: RTS, block ack (reversed), CTS, PS-poll', () => {
  const control = (subtype: number, ...addresses: string[]) => Buffer.concat([Buffer.from([0x04 | (subtype << 4), 0]), u16(0), ...addresses.map(mac)]);
  assert.equal(roles(control(11, AP, STA)), up('00:00:00:00:00:00', STA, AP));
  assert.equal(roles(control(9, AP, STA)), up('00:00:00:00:00:00', AP, STA));
  assert.equal(roles(control(12, STA)), up('00:00:00:00:00:00', STA, STA));
  assert.equal(roles(control(10, AP, STA)), up(AP, AP, '00:00:00:00:00:00'));
});

test('unicast: not zero, not a group address; the broadcast destination', () => {
  const halves = (text: string) => {
    const value = parseInt(text.replaceAll(':', ''), 16);
    return [Math.floor(value / 0x1000000), value % 0x1000000] as const;
  };
  assert.equal([AP, BROADCAST, DA, '00:00:00:00:00:00'].map((text) => isUnicast(...halves(text))), [true, false, false, false]);
  const filled = new FrameRoles();
  filled.fill(parseDot11Header(dataFrame(0x02, BROADCAST, AP, WIRED), 0, 40));
  assert.ok(filled.toBroadcast);
  assert.not.ok(filled.hasDestDevice);
  assert.ok(filled.hasSourceDevice, 'the wired source behind the access point');
});

test.run();
