import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMac } from '@svc/core';
import { sensorMac } from './sensor-mac.js';

// Expected MACs worked out by hand from Kismet's json_to_mac (phy_sensor.cc, 2025-09): bytes
// 0..1 the id (big-endian, bit 1 of byte 0 set), bytes 2..5 Kismet's checksum, low byte first:
// of the model for a numeric id, of the id itself for a text id.
const mac = (message: Record<string, unknown>) => formatMac(sensorMac(message));

test('a numeric id goes in the first two bytes, the model checksum in the last four', () => {
  assert.is(mac({ model: 'Acurite-5n1', id: 839 }), '03:47:CE:03:46:18');
  assert.is(mac({ model: 'Oregon-THGR122N', id: 187 }), '02:BB:AF:04:60:29', 'the locally administered bit is set on an id whose first byte lacks it');
});

test('only the low 16 bits of a large id count', () => {
  assert.is(mac({ model: 'Nexus-TH', id: 70000 }), '13:70:DC:02:8F:0D');
});

test('a text id replaces the model: its checksum fills bytes 2..5, its low 16 bits bytes 0..1', () => {
  // K("0x1b2c3d4e") = 0x102E0300, K("891932") = 0x04740140, whatever the model.
  assert.is(mac({ model: 'Toyota', type: 'TPMS', id: '0x1b2c3d4e' }), '03:00:00:03:2E:10');
  assert.is(mac({ model: 'Schrader-EG53MA4', type: 'TPMS', id: '891932' }), '03:40:40:01:74:04');
  assert.is(mac({ model: 'Ford', type: 'TPMS', id: '891932' }), '03:40:40:01:74:04', 'two models with one text id are one device, as in Kismet');
});

test("an Insteon device's from_id wins over any id", () => {
  // K("3A1F22") = 0x04A3014F.
  assert.is(mac({ model: 'Insteon', from_id: '3A1F22', to_id: '112233' }), '03:4F:4F:01:A3:04');
  assert.is(mac({ model: 'Insteon', from_id: '3A1F22', id: 7 }), '03:4F:4F:01:A3:04');
  assert.is(mac({ model: 'Insteon', from_id: '3A1F22', id: 'x1y2' }), '03:4F:4F:01:A3:04');
});

test('older decoders name the id `device`; a message with neither uses 0; no model is "unk" (checksum 0)', () => {
  assert.is(mac({ model: 'Acurite-5n1', device: 839 }), '03:47:CE:03:46:18');
  assert.is(mac({ model: 'Acurite-5n1' }), '02:00:CE:03:46:18');
  assert.is(mac({ id: 0x1234 }), '12:34:00:00:00:00');
});

test('the same model and id always give the same MAC; another id another one', () => {
  assert.is(sensorMac({ model: 'LaCrosse-TX', id: 5, temperature_C: 20 }), sensorMac({ model: 'LaCrosse-TX', id: 5, humidity: 50 }));
  assert.is.not(sensorMac({ model: 'LaCrosse-TX', id: 5 }), sensorMac({ model: 'LaCrosse-TX', id: 6 }));
});

test.run();
