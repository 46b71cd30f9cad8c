/** The Bluetooth map layers, one per UI module, name the PHY views a server with the plugin has. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registeredMapLayers, unservedLayerViews } from '@svc/core/testing';
import bluetoothPlugin from '../index.js';
import { registerBluetoothMapLayer, registerBtleMapLayer } from './bluetooth-map-layers.js';

test('a layer for LE devices and one for Classic devices, by views the server has', async () => {
  const layers = [...registeredMapLayers(registerBtleMapLayer), ...registeredMapLayers(registerBluetoothMapLayer)];
  assert.equal(layers.map((layer) => [layer.id, layer.view]), [['btle-devices', 'phy-BTLE'], ['bluetooth-devices', 'phy-Bluetooth']]);
  assert.equal(await unservedLayerViews([bluetoothPlugin], layers), []);
});

test.run();
