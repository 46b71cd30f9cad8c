import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestService } from '@svc/core/testing';
import rtl433Plugin, { PLUGIN_NAME, RFSENSOR_PHY_NAME } from './index.js';

test('applies through the plugin path and registers the RFSENSOR PHY', async () => {
  const t = await createTestService({ plugins: [rtl433Plugin] });
  try {
    assert.is(t.svc.plugins.find((plugin) => plugin.name === PLUGIN_NAME)?.state, 'applied');
    assert.is(t.svc.phys.ownerOf(RFSENSOR_PHY_NAME), PLUGIN_NAME);
  } finally {
    await t.close();
  }
});

test.run();
