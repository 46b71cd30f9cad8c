import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseMac } from '../util/mac.js';
import { lookupManufacturer, UNKNOWN_MANUFACTURER } from './oui.js';

test('looks manufacturers up in the IEEE registry', () => {
  assert.is(lookupManufacturer(parseMac('00:1A:11:00:00:01')!), 'Google, Inc.');
  assert.is(lookupManufacturer(parseMac('00:00:00:12:34:56')!), 'XEROX CORPORATION');
});

test('an unregistered (locally administered) prefix is Unknown', () => {
  assert.is(lookupManufacturer(parseMac('02:00:00:00:00:01')!), UNKNOWN_MANUFACTURER);
});

test.run();
