import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { altitudeColour, altitudeScale } from './altitude-colour';

test('each unit has its own scale: 40,000 ft and 500 m are both the top, the ground the bottom', () => {
  assert.is(altitudeColour(0, 'feet'), 'hsl(25 85% 45%)');
  assert.is(altitudeColour(0, 'metres'), 'hsl(25 85% 45%)');
  assert.is(altitudeColour(40_000, 'feet'), 'hsl(285 85% 45%)');
  assert.is(altitudeColour(500, 'metres'), 'hsl(285 85% 45%)');
  // A drone at 120 m is a quarter of the way up its scale, not at the foot of the aircraft's.
  assert.is(altitudeColour(120, 'metres'), 'hsl(87 85% 45%)');
  assert.is(altitudeColour(20_000, 'feet'), 'hsl(155 85% 45%)');
});

test('altitudes beyond either end take the colour of that end', () => {
  assert.is(altitudeColour(-50, 'metres'), altitudeColour(0, 'metres'));
  assert.is(altitudeColour(60_000, 'feet'), altitudeColour(40_000, 'feet'));
});

test("a scale as the legend draws it: the unit's range in words and its colours from the ground up", () => {
  assert.equal(altitudeScale('feet'), {
    gradient: 'linear-gradient(to right, hsl(25 85% 45%), hsl(90 85% 45%), hsl(155 85% 45%), hsl(220 85% 45%), hsl(285 85% 45%))',
    range: '0 – 40,000 ft',
  });
  assert.is(altitudeScale('metres').range, '0 – 500 m');
  assert.is(altitudeScale('metres').gradient, altitudeScale('feet').gradient);
});

test.run();
