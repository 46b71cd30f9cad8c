import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test('a bad or unknown option is refused before the source is added, with the reason, and svc keeps running', async () => {
  const t = await createTestService({ plugins: [plugin] });
  try {
    for (const [definition, reason] of [
      ['minimal-1:sensors=lots', "minimal option sensors must be a whole number from 1 to 255, not 'lots'"],
      ['minimal-1:colour=red', "datasource type 'minimal' has no option 'colour'; it takes sensors, interval"],
    ]) {
      const answer = await t.command('/datasource/add_source.cmd', { definition });
      const body = (await answer.json()) as { error: string; code: string };
      assert.is(answer.status, 400, definition);
      assert.is(body.code, 'SVC_ERR_BAD_DEFINITION', definition);
      assert.match(body.error, reason!, definition);
    }
    assert.is(t.svc.datasources.list().length, 0);
    assert.is((await t.request('/system/status.json')).status, 200);
  } finally {
    await t.close();
  }
});

test.run();
