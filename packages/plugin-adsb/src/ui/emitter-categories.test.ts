/** Emitter categories read as their code and meaning; codes without one stay as they are. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitterCategoryText } from './emitter-categories.js';

test('a category reads as its code and what it means', () => {
  assert.is(emitterCategoryText('A3'), 'A3 large');
  assert.is(emitterCategoryText('A7'), 'A7 rotorcraft');
  assert.is(emitterCategoryText('B2'), 'B2 lighter-than-air');
  assert.is(emitterCategoryText('B6'), 'B6 UAV');
  assert.is(emitterCategoryText('C1'), 'C1 emergency vehicle');
});

test('a category that says nothing keeps its code; none is empty', () => {
  assert.is(emitterCategoryText('A0'), 'A0', 'no category information');
  assert.is(emitterCategoryText('B5'), 'B5', 'reserved');
  assert.is(emitterCategoryText(''), '');
});

test.run();
