/**
 * The aircraft map layer: it names the ADSB view a server with the plugin has, and its track
 * field, asked for the way the map asks (a field path renamed `track`), gives an aircraft's
 * positions as the map draws them: [unix time, lat, lon, altitude ft] per point, from pyModeS's
 * published airborne position pair of 40621D heard twice 6 s apart.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, runPacketChain } from '@svc/core';
import { createTestService, registeredMapLayers, unservedLayerViews } from '@svc/core/testing';
import adsbPlugin from '../index.js';
import { DLT_MODE_S } from '../feeds/mode-s-link-type.js';
import { AIRCRAFT_TRACK_FIELD, registerAdsbMapLayers } from './adsb-map-layers.js';

const T0 = 1_457_996_400;
const ODD = '8D40621D58C386435CC412692AD6';
const EVEN = '8D40621D58C382D690C8AC2863A7';

test('aircraft by the ADSB view, with their track as the map reads it, coloured by altitude in feet', async () => {
  const layers = registeredMapLayers(registerAdsbMapLayers);
  assert.equal(layers.map((layer) => [layer.id, layer.view, layer.track]), [['adsb-aircraft', 'phy-ADSB', { field: AIRCRAFT_TRACK_FIELD, altitude: 'feet' }]]);
  assert.equal(await unservedLayerViews([adsbPlugin], layers), []);
  const t = await createTestService({ plugins: [adsbPlugin], log: createLogger({ write: () => {} }) });
  try {
    for (const [hex, time] of [[ODD, T0], [EVEN, T0 + 2], [ODD, T0 + 8]] as const) runPacketChain(t.svc.hooks, { tsSec: time, tsUsec: 0, sourceUuid: 'S', dlt: DLT_MODE_S, data: Buffer.from(hex, 'hex'), annotations: {} });
    const response = await t.request('/devices/views/phy-ADSB/devices.json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fields: ['svc.device.base.key', [AIRCRAFT_TRACK_FIELD, 'track']] }) });
    const [aircraft] = (await response.json()) as { track: number[][] }[];
    assert.equal(aircraft!.track.map(([time, lat, lon, feet]) => [time, lat!.toFixed(5), lon!.toFixed(5), feet]), [
      [T0 + 2, '52.25720', '3.91937', 38000],
      [T0 + 8, '52.26578', '3.93891', 38000],
    ]);
  } finally {
    await t.close();
  }
});

test.run();
