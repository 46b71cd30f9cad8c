/** The map's `at` parameter: written and read back, and nonsense read as no place. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPlace, parsePlace } from './map-position';

test('a place is written with metre precision and read back', () => {
  const text = formatPlace({ lat: 52.370216, lon: 4.895168, zoom: 14 });
  assert.is(text, '52.37022,4.89517,14');
  assert.equal(parsePlace(text), { lat: 52.37022, lon: 4.89517, zoom: 14 });
});

test('what names no place is no place', () => {
  for (const text of [undefined, '', '52,4', '52,4,x', '91,4,3', '52,181,3', '52,4,23', '52,4,-1']) assert.is(parsePlace(text), undefined, String(text));
});

test.run();
