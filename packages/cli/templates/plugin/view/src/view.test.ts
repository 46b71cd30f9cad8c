import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, testPhyPlugin, TestSource } from '@svc/core/testing';
import plugin from './index.js';
import { BUSY_PACKETS_KEY, BUSY_VIEW } from './view.js';

test('devices join the {{name}}-busy view once they have sent enough packets', async () => {
  const t = await createTestService({ plugins: [plugin, testPhyPlugin], config: { [BUSY_PACKETS_KEY]: '3' } });
  try {
    const source = new TestSource(t.svc);
    for (let i = 0; i < 3; i++) source.send({ mac: '02:00:00:00:00:01' });
    source.send({ mac: '02:00:00:00:00:02' });
    const members = (await (await t.request(`/devices/views/${BUSY_VIEW}/devices.json`)).json()) as Record<string, unknown>[];
    assert.equal(members.map((device) => device['svc.device.base.macaddr']), ['02:00:00:00:00:01']);

    const views = (await (await t.request('/devices/views/all_views.json')).json()) as Record<string, unknown>[];
    const view = views.find((candidate) => candidate['svc.devices.view.id'] === BUSY_VIEW);
    assert.equal([view?.['svc.devices.view.description'], view?.['svc.devices.view.size']], ['devices that sent at least 3 packets', 1]);
  } finally {
    await t.close();
  }
});

test('a threshold that is not a number of packets stops the plugin with the reason; svc runs on', async () => {
  const logged: string[] = [];
  const log = createLogger({ write: (line) => logged.push(line) });
  const t = await createTestService({ plugins: [plugin], config: { [BUSY_PACKETS_KEY]: 'many' }, log });
  try {
    const status = t.svc.plugins.find((candidate) => candidate.name === plugin.name);
    assert.is(status?.state, 'failed');
    assert.match(status?.error?.message ?? '', `${BUSY_PACKETS_KEY} must be an integer >= 1`);
    assert.ok(logged.some((line) => line.includes(`plugin ${plugin.name} failed`)));
    assert.is((await t.request('/system/status.json')).status, 200);
  } finally {
    await t.close();
  }
});

test.run();
