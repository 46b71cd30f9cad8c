/** The sensors map layer names the view a server with the plugin has for RFSENSOR devices. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registeredMapLayers, unservedLayerViews } from '@svc/core/testing';
import rtl433Plugin from '../index.js';
import { registerRtl433MapLayers } from './rtl433-map-layers.js';

test('one layer of sensors, by the PHY view the server has', async () => {
  const layers = registeredMapLayers(registerRtl433MapLayers);
  assert.equal(layers.map((layer) => [layer.id, layer.view]), [['rtl433-sensors', 'phy-RFSENSOR']]);
  assert.equal(await unservedLayerViews([rtl433Plugin], layers), []);
});

test.run();
