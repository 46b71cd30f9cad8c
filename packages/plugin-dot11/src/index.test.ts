import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestService } from '@svc/core/testing';
import dot11Plugin, { DOT11_PHY_NAME, PLUGIN_NAME } from './index.js';

test('applies through the plugin path and registers the IEEE802.11 PHY, usable by alerts', async () => {
  const t = await createTestService({ plugins: [dot11Plugin] });
  try {
    assert.is(t.svc.plugins.find((plugin) => plugin.name === PLUGIN_NAME)?.state, 'applied');
    assert.is(t.svc.phys.ownerOf(DOT11_PHY_NAME), PLUGIN_NAME);
    const response = await t.command('/alerts/definitions/define_alert.cmd', { name: 'WIFI', description: 'd', throttle: '1/min', burst: '1/sec', phyname: 'IEEE802.11' });
    assert.is(response.status, 200);
  } finally {
    await t.close();
  }
});

test.run();
