/**
 * A drone's location is the position it reports of itself: the device's last fix follows its
 * Remote ID, and, since that position is the transmitter's own, it feeds no signal-weighted
 * estimate (which places a fixed transmitter from where a moving receiver heard it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runPacketChain } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import uavPlugin from '../index.js';
import { basicIdMessage, DRONE_FRAME_LINK_TYPES, locationMessage, remoteIdBeacon } from '../testing/index.js';
import { UAV_PHY_NAME } from '../uav-phy.js';

test('the device follows the reported positions, heard at -50 dBm, and makes no estimate of them', async () => {
  const t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin, uavPlugin] });
  try {
    const positions = [
      [60.3172, 24.9633],
      [60.3181, 24.9641],
      [60.3190, 24.9650],
    ] as const;
    positions.forEach(([lat, lon], index) => {
      const messages = [basicIdMessage({ idType: 1, uaType: 2, id: 'SVCTEST0000000001' }), locationMessage({ status: 2, lat, lon, geodeticAltitude: 120, speed: 20, direction: 0, timestamp: index })];
      const data = remoteIdBeacon({ transmitter: '02:00:00:00:0d:01', counter: index, messages, radio: { signalDbm: -50 } });
      runPacketChain(t.svc.hooks, { tsSec: 1_735_819_200 + index, tsUsec: 0, sourceUuid: 'SOURCE', dlt: DRONE_FRAME_LINK_TYPES.WIFI, data, annotations: {} });
    });
    const phy = t.svc.devices.phy(UAV_PHY_NAME)!;
    const [drone] = [...t.svc.devices.devices()].filter((device) => device.phy === phy);
    assert.ok(drone, 'the drone is tracked');
    const location = drone.location!;
    assert.ok(Math.abs(location.last.lat - 60.319) < 1e-6 && Math.abs(location.last.lon - 24.965) < 1e-6, `last ${location.last.lat},${location.last.lon}`);
    assert.is(location.estimate, undefined);
  } finally {
    await t.close();
  }
});

test.run();
