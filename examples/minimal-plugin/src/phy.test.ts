import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runPacketChain } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import plugin from './index.js';
import { reportPacket, REPORT_TYPE } from './report.js';

test('a report becomes a Minimal sensor with its reading and signal', async () => {
  const t = await createTestService({ plugins: [plugin] });
  try {
    runPacketChain(t.svc.hooks, reportPacket({ address: '02:53:56:00:00:01', reading: 21.5 }, 'SOURCE-UUID', 1_700_000_000, -47));
    runPacketChain(t.svc.hooks, reportPacket({ address: '02:53:56:00:00:01', reading: 22 }, 'SOURCE-UUID', 1_700_000_001, -45));
    const devices = (await (await t.request('/devices/views/phy-MINIMAL/devices.json')).json()) as Record<string, any>[];
    assert.is(devices.length, 1);
    const device = devices[0]!;
    assert.is(device['svc.device.base.macaddr'], '02:53:56:00:00:01');
    assert.is(device['svc.device.base.phyname'], 'MINIMAL');
    assert.is(device['svc.device.base.type'], 'Minimal sensor');
    assert.is(device['svc.device.base.packets.total'], 2);
    assert.is(device['svc.device.base.signal']['svc.common.signal.last_signal'], -45);
    assert.is(device['minimal.device']['minimal.device.reading'], 22);
  } finally {
    await t.close();
  }
});

test('the reading field is registered with its type and description', async () => {
  const t = await createTestService({ plugins: [plugin] });
  try {
    const fields = await (await t.request('/system/tracked_fields.html')).text();
    assert.match(fields, 'minimal.device.reading');
    assert.match(fields, 'last reading the sensor reported');
  } finally {
    await t.close();
  }
});

test('a record that is not a report is an error packet and makes no device', async () => {
  const t = await createTestService({ plugins: [plugin] });
  try {
    for (const text of ['not json', '{"address":"nowhere","reading":1}', '{"address":"02:53:56:00:00:09"}']) {
      const packet = reportPacket({ address: '02:53:56:00:00:09', reading: 0 }, 'SOURCE-UUID');
      packet.json = { type: REPORT_TYPE, text };
      runPacketChain(t.svc.hooks, packet);
      assert.ok(packet.error, text);
    }
    assert.is(t.svc.devices.size, 0);
  } finally {
    await t.close();
  }
});

test('a device keeps its reading across a restart, from the state snapshot and from the log alone', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'plugin-restore-'));
  try {
    const first = await createTestService({ plugins: [plugin], configDir, config: { enable_logging: 'true' } });
    try {
      await first.svc.start();
      runPacketChain(first.svc.hooks, reportPacket({ address: '02:53:56:00:00:01', reading: 21.5 }, 'SOURCE-UUID', 1_700_000_000, -47));
      await first.svc.stop();
    } finally {
      await first.close();
    }
    const logs = join(configDir, 'logs');
    for (const way of ['state snapshot', 'log alone']) {
      if (way === 'log alone') for (const file of readdirSync(logs)) if (file.includes('.svcdb-state')) rmSync(join(logs, file));
      const again = await createTestService({ plugins: [plugin], configDir, config: { enable_logging: 'false', tracker_restore: 'true' } });
      try {
        await again.svc.start();
        const devices = [...again.svc.devices.devices()];
        assert.is(devices.length, 1, way);
        assert.equal(devices[0]!.components.minimal, { 'minimal.device.reading': 21.5 }, way);
        assert.is(devices[0]!.signal?.lastSignal, -47, way);
        const messages = (await (await again.request('/messagebus/all_messages.json')).json()) as Record<string, unknown>[];
        const restored = `(${way === 'state snapshot' ? 1 : 0} from its state snapshot)`;
        assert.ok(messages.some((message) => String(message['svc.messagebus.message_string']).includes(restored)), restored);
      } finally {
        await again.close();
      }
    }
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});

test.run();
