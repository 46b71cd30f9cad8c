import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { TestSource, testPhyPlugin, withTestService } from '../testing/index.js';

const quiet = createLogger({ write: () => {} });
const mac = (n: number) => `02:00:00:00:01:${n.toString(16).padStart(2, '0')}`;
const macNumber = (n: number) => 0x020000000100 + n;

test('a walk taken in slices visits every changed device once while the list changes between slices', () =>
  withTestService({ plugins: [testPhyPlugin], config: { tracker_device_timeout: '60' }, log: quiet }, async (t) => {
    const source = new TestSource(t.svc);
    const devices = t.svc.devices;
    for (let n = 1; n <= 8; n++) source.send({ mac: mac(n) });
    const visited: number[] = [];
    const walk = devices.walkChanged(0, (device) => visited.push(device.mac));
    assert.not.ok(walk.step(2), 'two of eight devices visited');
    assert.equal(visited, [macNumber(8), macNumber(7)]);
    source.send({ mac: mac(6) }); // the device the walk was about to visit moves to the front
    source.send({ mac: mac(3) }); // one further on moves too
    source.send({ mac: mac(8) }); // one already visited moves: not visited again
    source.send({ mac: mac(9) }); // a new device arrives at the front
    source.send({ mac: mac(10) }); // another, removed again before the walk ends
    devices.remove(devices.byMac(macNumber(10))[0]!);
    devices.remove(devices.byMac(macNumber(5))[0]!); // one not yet reached is removed
    assert.not.ok(walk.step(2));
    while (!walk.step(2));
    assert.equal([...visited].sort((a, b) => a - b), [1, 2, 3, 4, 6, 7, 8, 9].map(macNumber), 'each device still tracked, once; the removed one not');
    assert.ok(walk.done);
    source.send({ mac: mac(11) });
    assert.is(visited.length, 8, 'a finished walk hears of no more changes');
  }));

test('a walk stops at the first device not changed since its time', () =>
  withTestService({ plugins: [testPhyPlugin], log: quiet }, async (t) => {
    const source = new TestSource(t.svc);
    source.send({ mac: mac(1) });
    source.send({ mac: mac(2) });
    const cutoff = t.svc.devices.find(t.svc.devices.phy('TESTPHY')!, macNumber(2))!.modTime;
    const visited: number[] = [];
    assert.ok(t.svc.devices.walkChanged(cutoff + 1, (device) => visited.push(device.mac)).done, 'nothing changed since: done at once');
    assert.equal(visited, []);
    const walk = t.svc.devices.walkChanged(0, (device) => visited.push(device.mac));
    while (!walk.step(1));
    assert.equal(visited, [macNumber(2), macNumber(1)]);
  }));

test('the devices kept for the end are visited a slice per step, as the others', () =>
  withTestService({ plugins: [testPhyPlugin], log: quiet }, async (t) => {
    const source = new TestSource(t.svc);
    const devices = t.svc.devices;
    for (let n = 1; n <= 10; n++) source.send({ mac: mac(n) });
    const visited: number[] = [];
    const walk = devices.walkChanged(0, (device) => visited.push(device.mac));
    walk.step(2);
    for (let n = 1; n <= 8; n++) source.send({ mac: mac(n) }); // every device not yet visited moves to the front
    devices.remove(devices.byMac(macNumber(5))[0]!); // one of them is removed again
    const slices: number[] = [];
    for (let before = visited.length; !walk.done; before = visited.length) {
      walk.step(3);
      slices.push(visited.length - before);
    }
    assert.ok(
      slices.every((slice) => slice <= 3),
      `no step visits more than it was given (${slices.join(', ')})`,
    );
    assert.equal(visited.slice(2), [1, 2, 3, 4, 6, 7, 8].map(macNumber), 'the devices kept for the end, in the order they moved, the removed one not');
  }));

test.run();
