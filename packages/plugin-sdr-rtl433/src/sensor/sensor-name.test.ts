import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sensorName } from './sensor-name.js';

// Kismet's rule (phy_sensor.cc, 2025-09): "model-id", the model, the id, or "Sensor".
test('model and id joined by a dash, a text id as it is', () => {
  assert.is(sensorName({ model: 'Nexus-TH', id: 90, channel: 1 }), 'Nexus-TH-90', 'the channel plays no part');
  assert.is(sensorName({ model: 'Schrader', type: 'TPMS', id: '1A2B3C4' }), 'Schrader-1A2B3C4');
});

test('a numeric id is written as an unsigned 32-bit integer, as Kismet reads it', () => {
  assert.is(sensorName({ model: 'Secplus-v1', id: -59684635 }), 'Secplus-v1-4235282661');
  assert.is(sensorName({ model: 'X', id: 7.9 }), 'X-7');
});

test('without an id, the model; without a model, the id; with neither, Sensor; `device` and from_id play no part', () => {
  assert.is(sensorName({ model: 'Cardin-S466', dipswitch: 'o-o-++-o+' }), 'Cardin-S466');
  assert.is(sensorName({ model: 'Acurite-5n1', device: 839 }), 'Acurite-5n1');
  assert.is(sensorName({ model: 'Insteon', from_id: 'CCFF79' }), 'Insteon');
  assert.is(sensorName({ id: 'a55b4b' }), 'a55b4b');
  assert.is(sensorName({ id: 12 }), '12');
  assert.is(sensorName({ model: 42, id: 12 }), '12', 'a model that is not text is no model');
  assert.is(sensorName({ type: 'TPMS' }), 'Sensor');
});

test.run();
