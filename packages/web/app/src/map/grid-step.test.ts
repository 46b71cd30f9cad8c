/**
 * The grid's spacing and labels: lines at least 120 pixels apart and less than three times
 * that (the steps go 1, 2, 5), finer as the map zooms in, and labels with the decimals a step
 * needs and the hemisphere.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gridLabel, gridStep } from './grid-step';

test('lines at least 120 and under 300 pixels apart at every zoom from 3 to 22', () => {
  for (let zoom = 3; zoom <= 22; zoom++) {
    const pixels = (gridStep(zoom) * 256 * 2 ** zoom) / 360;
    assert.ok(pixels >= 120 && pixels < 300, `zoom ${zoom}: ${pixels} px`);
  }
  assert.is(gridStep(0), 30, 'never coarser than 30° (whole-world zooms get closer lines)');
  assert.is(gridStep(14), 0.02, '233 px apart at zoom 14');
});

test('labels carry the step’s decimals and the hemisphere', () => {
  assert.is(gridLabel(52.37, 0.01, 'N', 'S'), '52.37° N');
  assert.is(gridLabel(-4.005, 0.005, 'E', 'W'), '4.005° W');
  assert.is(gridLabel(30, 10, 'E', 'W'), '30° E');
  assert.is(gridLabel(0, 0.1, 'N', 'S'), '0.0°');
  assert.is(gridLabel(1e-12, 0.1, 'N', 'S'), '0.0°');
});

test.run();
