import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestService, TestSource, testPhyPlugin } from '../testing/index.js';

const MAC = '02:00:00:00:00:2A';

test('user names and tags survive a restart and return when the device is heard again', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-annotations-'));
  try {
    const first = await createTestService({ plugins: [testPhyPlugin], configDir });
    new TestSource(first.svc).send({ mac: MAC, name: 'sensor' });
    const key = first.svc.devices.byMac(0x02000000002a)[0]!.key;
    assert.is((await first.command(`/devices/by-key/${key}/set_name.cmd`, { username: 'kitchen' })).status, 200);
    assert.is((await first.command(`/devices/by-key/${key}/set_tag.cmd`, { tagname: 'room', tagvalue: 'ground floor' })).status, 200);
    await first.close();
    assert.is(statSync(join(configDir, 'device_annotations.json')).mode & 0o777, 0o600);

    const second = await createTestService({ plugins: [testPhyPlugin], configDir });
    try {
      assert.is(second.svc.devices.size, 0);
      new TestSource(second.svc).send({ mac: MAC, name: 'sensor' });
      const record = (await (await second.request(`/devices/by-key/${key}/device.json`)).json()) as Record<string, unknown>;
      assert.is(record['svc.device.base.username'], 'kitchen');
      assert.is(record['svc.device.base.commonname'], 'kitchen');
      assert.equal(record['svc.device.base.tags'], { room: 'ground floor' });
      // Clearing both forgets the device in the file.
      await second.command(`/devices/by-key/${key}/set_name.cmd`, { username: '' });
      await second.command(`/devices/by-key/${key}/set_tag.cmd`, { tagname: 'room', tagvalue: '' });
      assert.is(second.svc.deviceAnnotations.size, 0);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});

test('an unreadable annotations file is set aside with a warning, and the server starts', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-annotations-'));
  const lines: string[] = [];
  try {
    writeFileSync(join(configDir, 'device_annotations.json'), '{"4202770D00000000_02000000002A": {"username": ');
    const t = await createTestService({ plugins: [testPhyPlugin], configDir, log: createLogger({ write: (line) => lines.push(line) }) });
    await t.close();
    assert.ok(lines.some((line) => /device_annotations\.json could not be read .*moved it to/.test(line)), lines.join('\n'));
    assert.ok(readdirSync(configDir).some((name) => name.startsWith('device_annotations.json.unreadable-')));
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});

test.run();
