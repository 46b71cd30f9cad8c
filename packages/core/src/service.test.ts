import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from './plugin.js';
import { createLogger } from './logger.js';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config/config-loader.js';
import { createService } from './service.js';
import { createTestDatasource, createTestService } from './testing/index.js';
import type { Packet } from './packets/packet.js';
import { runPacketChain } from './packets/chain.js';

test('a plugin that throws in apply is reported and skipped; its taps never run and others work', async () => {
  const seen: string[] = [];
  const broken = definePlugin({
    name: 'broken',
    apply(svc) {
      svc.hooks.fields.tap('broken', (fields) => fields.register('broken.field', 'string', 'never registered'));
      svc.hooks.packet.for('decode').tap('broken', () => seen.push('broken'));
      throw new Error('boom');
    },
  });
  const healthy = definePlugin({
    name: 'healthy',
    apply(svc) {
      svc.hooks.fields.tap('healthy', (fields) => fields.register('healthy.field', 'string', 'a healthy field'));
      svc.hooks.packet.for('decode').tap('healthy', () => seen.push('healthy'));
    },
  });
  const { svc, close } = await createTestService({ log: quiet, plugins: [broken, healthy] });
  try {
    assert.ok(svc.fields.has('healthy.field'));
    assert.not.ok(svc.fields.has('broken.field'));
    const status = svc.plugins.find((plugin) => plugin.name === 'broken');
    assert.is(status?.state, 'failed');
    assert.match(status?.error?.message ?? '', 'boom');
    assert.is(svc.plugins.find((plugin) => plugin.name === 'healthy')?.state, 'applied');
    runPacketChain(svc.hooks, packet());
    assert.equal(seen, ['healthy']);
    assert.ok(svc.messages.all().some((message) => /plugin broken failed/.test(message['svc.messagebus.message_string'])));
  } finally {
    await close();
  }
});

test('a duplicate field in the contribute phase fails that plugin and withdraws all it contributed', async () => {
  const first = definePlugin({
    name: 'first',
    apply(svc) {
      svc.hooks.fields.tap('first', (fields) => fields.register('shared.name', 'string', 'first owner'));
    },
  });
  const second = definePlugin({
    name: 'second',
    apply(svc) {
      svc.hooks.phys.tap('second', (phys) => phys.add({ name: 'SECONDPHY', description: 'withdrawn with its plugin' }));
      svc.hooks.fields.tap('second', (fields) => {
        fields.register('second.ok', 'string', 'registered before the clash');
        fields.register('shared.name', 'string', 'clash');
      });
    },
  });
  const { svc, close } = await createTestService({ log: quiet, plugins: [first, second] });
  try {
    const status = svc.plugins.find((plugin) => plugin.name === 'second');
    assert.is(status?.error?.code, 'SVC_ERR_FIELD_DUPLICATE');
    assert.match(status?.error?.message ?? '', "field 'shared.name' from second is already registered by first");
    assert.not.ok(svc.fields.has('second.ok'));
    assert.not.ok(svc.phys.has('SECONDPHY'));
    assert.is(svc.fields.get('shared.name')?.description, 'first owner');
  } finally {
    await close();
  }
});

test('a plugin whose dependency failed at contribute time is skipped too', async () => {
  const base = definePlugin({
    name: 'base',
    apply(svc) {
      svc.hooks.fields.tap('base', () => {
        throw new Error('contribute failure');
      });
    },
  });
  const ext = definePlugin({
    name: 'ext',
    dependencies: ['base'],
    apply(svc) {
      svc.hooks.fields.tap('ext', (fields) => fields.register('ext.field', 'string', 'needs base'));
    },
  });
  const { svc, close } = await createTestService({ log: quiet, plugins: [base, ext] });
  try {
    assert.is(svc.plugins.find((plugin) => plugin.name === 'ext')?.error?.code, 'SVC_ERR_PLUGIN_DEPENDENCY_FAILED');
    assert.not.ok(svc.fields.has('ext.field'));
  } finally {
    await close();
  }
});

test('a run-phase throw in one tap does not stop the next tap; stages run in order and by stage priority', async () => {
  const order: string[] = [];
  const plugin = definePlugin({
    name: 'chain',
    apply(svc) {
      svc.hooks.packet.for('track').tap('chain', () => order.push('track'));
      svc.hooks.packet.for('decode').tap({ name: 'chain', stage: 10 }, () => order.push('decode-late'));
      svc.hooks.packet.for('decode').tap({ name: 'chain', stage: -10 }, () => {
        order.push('decode-early');
        throw new Error('parser bug');
      });
      svc.hooks.packet.for('classify').tap('chain', () => order.push('classify'));
    },
  });
  const { svc, close } = await createTestService({ log: quiet, plugins: [plugin] });
  try {
    runPacketChain(svc.hooks, packet());
    assert.equal(order, ['decode-early', 'decode-late', 'classify', 'track']);
  } finally {
    await close();
  }
});

test('the hook table is frozen and registries refuse additions after boot', async () => {
  const { svc, close } = await createTestService();
  try {
    assert.ok(Object.isFrozen(svc.hooks));
    assert.throws(() => svc.fields.register('late.field', 'string', 'too late'), /after startup/);
  } finally {
    await close();
  }
});

test('publishing an undeclared topic fails loudly', async () => {
  const { svc, close } = await createTestService();
  try {
    assert.throws(() => svc.events.publish('NOT_A_TOPIC', {}), /was not declared/);
  } finally {
    await close();
  }
});

const quiet = createLogger({ write: () => {} });

function packet(): Packet {
  return { tsSec: 1, tsUsec: 0, sourceUuid: '00000000-0000-0000-0000-000000000000', dlt: 0, annotations: {} };
}

test('a capture host (serve: false) applies plugins but writes no login and refuses to listen', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-capture-host-'));
  try {
    const harness = createTestDatasource();
    const svc = await createService(loadConfig({ configDir }), { plugins: [harness.plugin], log: quiet, serve: false });
    assert.ok(svc.datasourceTypes.get('testsource'));
    assert.not.ok(existsSync(join(configDir, 'svc_httpd.conf')), 'no admin login was generated');
    try {
      await svc.start();
      assert.unreachable('listened');
    } catch (error) {
      assert.match((error as Error).message, /cannot listen/);
    }
    await svc.stop();
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});

test.run();
