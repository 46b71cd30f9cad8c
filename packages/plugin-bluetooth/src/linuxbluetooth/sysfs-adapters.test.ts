/**
 * Adapters and rfkill switches from a sysfs tree laid out as the kernel lays it (real files in a
 * temporary directory): `class/bluetooth/hciN` (beside connection entries such as `hci0:11`),
 * and `class/rfkill/rfkillN/{type,name,soft,hard}` for Wi-Fi and Bluetooth radios.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rfkillBlock, rfkillDetails } from './adapter-details.js';
import { rfkillState, sysfsAdapters } from './sysfs-adapters.js';

const root = mkdtempSync(join(tmpdir(), 'svc-sysfs-'));
test.after(() => rmSync(root, { recursive: true, force: true }));

function rfkill(entry: string, files: Record<string, string>): void {
  mkdirSync(join(root, 'class', 'rfkill', entry), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'class', 'rfkill', entry, name), `${text}\n`);
}

test('no sysfs Bluetooth: no adapters, no rfkill', async () => {
  assert.equal(await sysfsAdapters(root), []);
  assert.is(await rfkillState('hci0', root), undefined);
  assert.equal(rfkillDetails(undefined), { 'svc.datasource.bluetooth.rfkill_soft': 0, 'svc.datasource.bluetooth.rfkill_hard': 0 });
});

test('adapters in number order, connections left out', async () => {
  for (const name of ['hci10', 'hci0', 'hci0:11', 'hci2']) mkdirSync(join(root, 'class', 'bluetooth', name), { recursive: true });
  assert.equal(await sysfsAdapters(root), ['hci0', 'hci2', 'hci10']);
});

test("an adapter's rfkill switches, not another radio's", async () => {
  rfkill('rfkill0', { type: 'wlan', name: 'phy0', soft: '1', hard: '0' });
  rfkill('rfkill1', { type: 'bluetooth', name: 'hci0', soft: '1', hard: '0' });
  rfkill('rfkill2', { type: 'bluetooth', name: 'hci2', soft: '0', hard: '1' });
  const hci0 = await rfkillState('hci0', root);
  assert.equal(hci0, { soft: true, hard: false });
  assert.equal(rfkillDetails(hci0), { 'svc.datasource.bluetooth.rfkill_soft': 1, 'svc.datasource.bluetooth.rfkill_hard': 0 });
  assert.match(rfkillBlock(hci0)!, /rfkill unblock bluetooth/);
  const hci2 = await rfkillState('hci2', root);
  assert.equal(hci2, { soft: false, hard: true });
  assert.match(rfkillBlock(hci2)!, /hardware rfkill switch/);
  assert.is(await rfkillState('hci10', root), undefined);
  assert.is(rfkillBlock({ soft: false, hard: false }), undefined);
});

test.run();
