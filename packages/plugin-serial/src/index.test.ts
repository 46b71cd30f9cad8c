import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import serialPlugin, { PLUGIN_NAME } from './index.js';

test('applies through the plugin path and declares its config key (no unknown-key warning)', async () => {
  const warnings: string[] = [];
  const log = createLogger({ write: (line) => warnings.push(line) });
  const t = await createTestService({ plugins: [serialPlugin], config: { serial_default_baudrate: '9600' }, log });
  try {
    assert.is(t.svc.plugins.find((plugin) => plugin.name === PLUGIN_NAME)?.state, 'applied');
    assert.not.ok(warnings.some((line) => line.includes('serial_default_baudrate')), warnings.join(''));
  } finally {
    await t.close();
  }
});

test('a bad baud rate fails the plugin with a message naming the key; the server still boots', async () => {
  const t = await createTestService({ plugins: [serialPlugin], config: { serial_default_baudrate: 'fast' }, log: createLogger({ write: () => {} }) });
  try {
    const status = t.svc.plugins.find((plugin) => plugin.name === PLUGIN_NAME);
    assert.is(status?.state, 'failed');
    assert.match(status?.error?.message ?? '', 'serial_default_baudrate must be an integer');
    assert.is((await t.request('/system/status.json')).status, 200);
  } finally {
    await t.close();
  }
});

test.run();
