import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, waitUntil } from '@svc/core/testing';
import plugin from './index.js';

test('types.json lists the minimal type', async () => {
  const t = await createTestService({ plugins: [plugin] });
  try {
    const types = (await (await t.request('/datasource/types.json')).json()) as Record<string, unknown>[];
    assert.ok(types.some((type) => type['svc.datasource.driver.type'] === 'minimal'));
  } finally {
    await t.close();
  }
});

test('a minimal source runs and delivers a report from every sensor each interval', async () => {
  const t = await createTestService({ plugins: [plugin] });
  try {
    const source = await t.svc.datasources.add('minimal-0:sensors=2,interval=0.05');
    await waitUntil('the source has delivered 6 reports', () => source.numPackets >= 6);
    assert.is(source.state, 'running');
    assert.is(source.numErrorPackets, 0);
    const devices = (await (await t.request('/devices/views/phy-MINIMAL/devices.json')).json()) as unknown[];
    assert.is(devices.length, 2);
  } finally {
    await t.close();
  }
});

test('a bad option fails the source with the reason, and svc keeps running', async () => {
  const logged: string[] = [];
  const t = await createTestService({ plugins: [plugin], log: createLogger({ write: (line) => logged.push(line) }) });
  try {
    const source = await t.svc.datasources.add('minimal-1:sensors=lots,retry=false');
    await waitUntil('the source fails', () => source.state === 'error');
    const reason = "SVC_ERR_BAD_DEFINITION: minimal option sensors must be a whole number from 1 to 255, not 'lots'";
    assert.is(source.errorReason, reason);
    assert.ok(logged.some((line) => line.includes(reason)));
    assert.is((await t.request('/system/status.json')).status, 200);
  } finally {
    await t.close();
  }
});

test.run();
