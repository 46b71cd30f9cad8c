import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestService } from '@svc/core/testing';
import uptimePlugin from './index.js';

test('serves uptime.seconds with its description, to readonly logins only', async () => {
  const t = await createTestService({ plugins: [uptimePlugin] });
  try {
    const response = await t.request('/uptime/uptime.prettyjson');
    assert.is(response.status, 200);
    const body = (await response.json()) as Record<string, unknown>;
    assert.type(body['uptime.seconds'], 'number');
    assert.is(body['description.uptime.seconds'], 'uint64_t, seconds since the server started');
    assert.is((await t.request('/uptime/uptime.json', { auth: false })).status, 401);
  } finally {
    await t.close();
  }
});

test('publishes UPTIME on the event bus once started', async () => {
  const t = await createTestService({ plugins: [uptimePlugin], config: { uptime_interval: '1' } });
  try {
    await t.svc.start();
    const event = await new Promise<unknown>((resolve) => {
      const unsubscribe = t.svc.events.subscribe('UPTIME', (_topic, payload) => {
        unsubscribe();
        resolve(payload);
      });
    });
    assert.type((event as Record<string, unknown>)['uptime.seconds'], 'number');
  } finally {
    await t.close();
  }
});

test.run();
