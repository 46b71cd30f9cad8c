/**
 * The `btsnoop` type in a service: a definition with only a path finds it by the file's header
 * (and a pcap does not claim it), the log's devices are tracked, its end and a cut-short log are
 * told on the message bus, a corrupt log fails the source for good, and bad definitions are
 * refused with the reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type SvcError } from '@svc/core';
import { createTestService, waitUntil, type TestService } from '@svc/core/testing';
import bluetoothPlugin from '../index.js';
import { adStructures, btsnoopFile, leAdvertisingReportEvent } from '../testing/hci-frames.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-btsnoop-type-'));
let t: TestService;
test.before.each(async () => {
  t = await createTestService({ plugins: [bluetoothPlugin], log: createLogger({ write: () => {} }) });
});
test.after.each(() => t.close());
test.after(() => rmSync(dir, { recursive: true, force: true }));

const messages = () => t.svc.messages.all().map((message) => message['svc.messagebus.message_string'] as string);
const records = ['C0:FF:EE:00:00:01', 'C0:FF:EE:00:00:02', 'C0:FF:EE:00:00:03'].map((address, i) => ({
  data: leAdvertisingReportEvent([{ addressType: 1, address, data: adStructures([[0x09, `tag ${i}`]]), rssi: -50 - i }]),
  timeUs: 1_700_000_000_000_000 + i,
}));

function write(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

test('a path alone finds the btsnoop type; the devices are tracked and the end is told', async () => {
  const path = write('android.log', btsnoopFile(records));
  const source = await t.svc.datasources.add(`${path}:name=phone`);
  assert.is(source.type.name, 'btsnoop');
  await waitUntil('the end message', () => messages().includes(`datasource phone: replayed 3 records from ${path}`));
  const devices = (await (await t.request('/devices/views/phy-BTLE/devices.json')).json()) as Record<string, any>[];
  assert.equal(devices.map((device) => [device['svc.device.base.macaddr'], device['svc.device.base.name']]).sort(), [
    ['C0:FF:EE:00:00:01', 'tag 0'],
    ['C0:FF:EE:00:00:02', 'tag 1'],
    ['C0:FF:EE:00:00:03', 'tag 2'],
  ]);
});

test('an event cut short counts as an error packet, and the reports before the damage still make devices', async () => {
  const damaged = leAdvertisingReportEvent([
    { addressType: 1, address: 'C0:FF:EE:00:00:08', data: adStructures([[0x09, 'kept']]) },
    { addressType: 1, address: 'C0:FF:EE:00:00:09', data: adStructures([[0x09, 'lost']]) },
  ]);
  const cut = Buffer.from(damaged.subarray(0, damaged.length - 4));
  cut[2] = cut.length - 3; // the event's own length agrees; its second report runs past it
  const path = write('damaged.log', btsnoopFile([...records, { data: cut, timeUs: 1_700_000_000_000_009 }]));
  const source = await t.svc.datasources.add(`${path}:name=damaged`);
  await waitUntil('every record read', () => source.numPackets >= 4);
  assert.is(source.numErrorPackets, 1);
  const devices = (await (await t.request(`/devices/views/seenby-${source.uuid}/devices.json`)).json()) as Record<string, any>[];
  assert.equal(devices.map((device) => device['svc.device.base.name']).sort(), ['kept', 'tag 0', 'tag 1', 'tag 2']);
});

test('a log cut inside a record is told, with what was read; a corrupt one fails the source for good', async () => {
  const whole = btsnoopFile(records);
  const cut = write('cut.log', whole.subarray(0, whole.length - 3));
  await t.svc.datasources.add(`${cut}:name=cut`);
  await waitUntil('the truncation message', () => messages().includes(`datasource cut: ${cut} ends inside a record (a truncated log); the 2 records before it were read`));
  const corrupt = Buffer.from(whole);
  corrupt.writeUInt32BE(0x7fffffff, 16 + 24 + records[0]!.data.length); // the second record's original length
  corrupt.writeUInt32BE(0x7fffffff, 16 + 24 + records[0]!.data.length + 4);
  const path = write('corrupt.log', corrupt);
  const source = await t.svc.datasources.add(`${path}:name=corrupt`);
  await waitUntil('the source fails for good', () => source.errorKind === 'permanent');
  assert.match(source.errorReason, /claims 2147483647 bytes.*the 1 records before it were read/);
});

test('bad definitions are refused with the reason', async () => {
  const refusal = (definition: string): Promise<string> =>
    t.svc.datasources.add(definition).then(
      () => `${definition} was accepted`,
      (error: SvcError) => error.message,
    );
  assert.match(await refusal(`${join(dir, 'none.log')}:type=btsnoop`), /no such file/);
  const pcap = write('not-btsnoop.pcap', Buffer.from('d4c3b2a1020004000000000000000000ffff0000c9000000', 'hex'));
  assert.match(await refusal(`${pcap}:type=btsnoop`), /is not a btsnoop file/);
  assert.match(await refusal(`${write('ok.log', btsnoopFile(records))}:type=btsnoop,pps=fast`), /btsnoop option pps must be a number/);
});

test.run();
