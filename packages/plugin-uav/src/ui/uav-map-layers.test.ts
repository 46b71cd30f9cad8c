/**
 * The drone map layer: it names the UAV view a server with the plugin has; its track field,
 * asked for the way the map asks (a field path renamed `track`), gives a drone's reported
 * positions as the map draws them: [unix time, lat, lon, altitude m] per point, a point every
 * few seconds; and its companion field gives the operator's position as a geopoint [lon, lat].
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, runPacketChain } from '@svc/core';
import { createTestService, registeredMapLayers, unservedLayerViews } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import uavPlugin from '../index.js';
import { basicIdMessage, DRONE_FRAME_LINK_TYPES, locationMessage, remoteIdBeacon, systemMessage } from '../testing/index.js';
import { DRONE_OPERATOR_FIELD, DRONE_TRACK_FIELD, registerUavMapLayers } from './uav-map-layers.js';

const T0 = 1_735_819_200;
const PLUGINS = [dot11Plugin, bluetoothPlugin, uavPlugin];

test('drones by the UAV view, with their track as the map reads it, coloured by altitude in metres, and their operator', async () => {
  const layers = registeredMapLayers(registerUavMapLayers);
  assert.equal(layers.map((layer) => [layer.id, layer.view, layer.track, layer.companion]), [['uav-drones', 'phy-UAV', { field: DRONE_TRACK_FIELD, altitude: 'metres' }, { field: DRONE_OPERATOR_FIELD, title: 'operator' }]]);
  assert.equal(await unservedLayerViews(PLUGINS, layers), []);
  const t = await createTestService({ plugins: PLUGINS, log: createLogger({ write: () => {} }) });
  try {
    const flight = [
      [0, 60.3172, 24.9633, 100],
      [10, 60.318, 24.964, 110],
      [20, 60.319, 24.965, 120],
    ] as const;
    for (const [second, lat, lon, altitude] of flight) {
      const messages = [
        basicIdMessage({ idType: 1, uaType: 2, id: 'SVCTRACK000000001' }),
        locationMessage({ status: 2, lat, lon, geodeticAltitude: altitude, speed: 5, direction: 0, timestamp: second }),
        systemMessage({ operatorLat: 60.3165, operatorLon: 24.962, operatorLocationType: 1 }),
      ];
      const data = remoteIdBeacon({ transmitter: '02:00:00:00:0d:02', counter: second, messages });
      runPacketChain(t.svc.hooks, { tsSec: T0 + second, tsUsec: 0, sourceUuid: 'S', dlt: DRONE_FRAME_LINK_TYPES.WIFI, data, annotations: {} });
    }
    const response = await t.request('/devices/views/phy-UAV/devices.json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fields: ['svc.device.base.key', [DRONE_TRACK_FIELD, 'track'], [DRONE_OPERATOR_FIELD, 'companion']] }) });
    const [drone] = (await response.json()) as { track: number[][]; companion: [number, number] }[];
    assert.equal(drone!.companion.map((degrees) => degrees.toFixed(4)), ['24.9620', '60.3165'], 'the operator as [lon, lat]');
    assert.equal(
      drone!.track.map(([time, lat, lon, metres]) => [time, lat!.toFixed(4), lon!.toFixed(4), Math.round(metres!)]),
      flight.map(([second, lat, lon, altitude]) => [T0 + second, lat.toFixed(4), lon.toFixed(4), altitude]),
    );
  } finally {
    await t.close();
  }
});

test.run();
