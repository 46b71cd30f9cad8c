/**
 * The 802.11 map layers name views a server with the plugin has, access points before every
 * 802.11 device (the PHY's view holds access points too, and the first layer wins).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registeredMapLayers, unservedLayerViews } from '@svc/core/testing';
import dot11Plugin from '../index.js';
import { registerDot11MapLayers } from './dot11-map-layers.js';

test('access points first, then every 802.11 device, each by a view the server has', async () => {
  const layers = registeredMapLayers(registerDot11MapLayers);
  assert.equal(layers.map((layer) => [layer.id, layer.view, layer.shape]), [
    ['dot11-access-points', 'phydot11_accesspoints', 'square'],
    ['dot11-clients', 'phy-IEEE802.11', 'circle'],
  ]);
  assert.equal(await unservedLayerViews([dot11Plugin], layers), []);
});

test.run();
