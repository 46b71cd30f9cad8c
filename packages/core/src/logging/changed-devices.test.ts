/**
 * The devices the logs still have to write, against a real tracker fed by a test source: a pass
 * writes each device changed since the last pass began, once; devices heard during a pass are
 * written at its end; a closing log gets the pass under way finished and the changes since.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { TestSource, testPhyPlugin, withTestService } from '../testing/index.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { ChangedDevices } from './changed-devices.js';

const quiet = createLogger({ write: () => {} });
/** The n-th test MAC (n under 65 536). */
const mac = (n: number) => `02:00:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`;
const macNumber = (n: number) => 0x020000000000 + n;
const sorted = (devices: TrackedDevice[]) => devices.map((device) => device.mac).sort((a, b) => a - b);

test('each pass writes the devices changed since the one before began, once each', () =>
  withTestService({ plugins: [testPhyPlugin], log: quiet }, async (t) => {
    const source = new TestSource(t.svc);
    const changed = new ChangedDevices(t.svc.devices);
    for (let n = 0; n < 1200; n++) source.send({ mac: mac(n) });
    const written: TrackedDevice[] = [];
    const pass = changed.write((device) => written.push(device));
    assert.is(written.length, 500, 'a slice of 500 devices, then the event loop turns');
    // Heard while the pass runs: one it has written (the newest), one it has not reached, one new.
    source.send({ mac: mac(1199) });
    source.send({ mac: mac(3) });
    source.send({ mac: mac(1200) });
    await pass;
    assert.equal(sorted(written), Array.from({ length: 1201 }, (_, n) => macNumber(n)), 'every device, once, though three were heard during the pass');
    assert.equal(written.slice(-2).map((device) => device.mac), [macNumber(3), macNumber(1200)], 'those not yet written when heard are written at its end');
    written.length = 0;
    await changed.write((device) => written.push(device));
    assert.equal(sorted(written), [macNumber(3), macNumber(1199), macNumber(1200)], 'what was heard during the last pass, again (it began before they were heard)');
    written.length = 0;
    await changed.write((device) => written.push(device));
    assert.equal(written, [], 'nothing changed since the last pass began');
    source.send({ mac: mac(7) });
    source.send({ mac: mac(9) });
    source.send({ mac: mac(7) });
    await changed.write((device) => written.push(device));
    assert.equal(sorted(written), [macNumber(7), macNumber(9)]);
    changed.all();
    written.length = 0;
    await changed.write((device) => written.push(device));
    assert.is(written.length, 1201, 'after all(), every device');
  }));

test('a closing log gets the pass under way finished and the changes since, and the next pass still writes them', () =>
  withTestService({ plugins: [testPhyPlugin], log: quiet }, async (t) => {
    const source = new TestSource(t.svc);
    const changed = new ChangedDevices(t.svc.devices);
    for (let n = 0; n < 256; n++) for (let repeat = 0; repeat < 3; repeat++) source.send({ mac: mac(n) });
    const toAll: TrackedDevice[] = [];
    const pass = changed.write((device) => toAll.push(device));
    await pass;
    source.send({ mac: mac(3) });
    const closing: TrackedDevice[] = [];
    changed.writeNow((device) => closing.push(device));
    assert.equal(sorted(closing), [macNumber(3)]);
    toAll.length = 0;
    await changed.write((device) => toAll.push(device));
    assert.equal(sorted(toAll), [macNumber(3)], 'the logs still open get it at the next pass');
  }));

test('a device marked changed outside the packet chain does not hide those behind it before its commit', () =>
  withTestService({ plugins: [testPhyPlugin], log: quiet }, async (t) => {
    const source = new TestSource(t.svc);
    const devices = t.svc.devices;
    const changed = new ChangedDevices(devices);
    source.send({ mac: mac(1) });
    source.send({ mac: mac(2) });
    await changed.write(() => {});
    source.send({ mac: mac(3) });
    // A name set by a user, committed a turn later (as the fleet view commits): it moves to the front.
    devices.markChanged(devices.byMac(macNumber(1))[0]!);
    const written: TrackedDevice[] = [];
    await changed.write((device) => written.push(device));
    devices.commit();
    assert.equal(sorted(written), [macNumber(1), macNumber(3)]);
  }));

test.run();
