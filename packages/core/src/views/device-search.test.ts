import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFieldSpecs } from '../fields/field-spec.js';
import { TrackedDevice, type PhyState } from '../tracker/tracked-device.js';
import { parseSearch, searchMatches, searchPaths } from './device-search.js';

const phy: PhyState = { name: 'P', description: '', id: 0, keyPrefix: '0'.repeat(16), deviceCount: 0, packetCount: 0 };
const device = new TrackedDevice('0000000000000000_AABBCC000001', 0xaabbcc000001, phy, 'Unknown', 0);
device.name = 'Linksys (home) a+b';
device.channel = '11';
device.packetsTotal = 42;
const matches = (term: string, fields: string[] = []) =>
  searchMatches(device, searchPaths(parseFieldSpecs(fields)), parseSearch(term)!, 0);

test('the term is a case-insensitive literal: regex characters match only themselves', () => {
  assert.ok(matches('LINKSYS'));
  assert.ok(matches('(home) a+b'));
  assert.not.ok(matches('linksys.'));
  assert.not.ok(matches('a.b'));
  assert.ok(matches('aa:bb:cc'), 'the MAC is a summary field');
});

test('numbers are searched as text only as whole top-level fields; blank terms search nothing', () => {
  assert.ok(matches('42', ['svc.device.base.packets.total']));
  assert.not.ok(matches('42', ['svc.device.base.name']));
  assert.is(parseSearch('   '), undefined);
  assert.is(parseSearch(undefined), undefined);
});

test.run();
