import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '../errors.js';
import { parseFieldSpecs, simplify } from './field-spec.js';

const device = {
  'svc.device.base.key': '4202770D00000000_AABBCCDDEEFF',
  'svc.device.base.channel': '6',
  'svc.device.base.signal': { 'svc.common.signal.last_signal': -42 },
  'dot11.device': { 'dot11.device.advertised_ssid_map': [{ 'dot11.advertisedssid.ssid': 'Linksys' }, {}] },
};

test('returns only the requested fields under their final path element (spec 4.1)', () => {
  const specs = parseFieldSpecs(['svc.device.base.key', 'svc.device.base.signal/svc.common.signal.last_signal']);
  assert.equal(simplify(device, specs), {
    'svc.device.base.key': '4202770D00000000_AABBCCDDEEFF',
    'svc.common.signal.last_signal': -42,
  });
});

test('an alias renames a field', () => {
  assert.equal(simplify(device, parseFieldSpecs([['svc.device.base.channel', 'chan']])), { chan: '6' });
});

test('a field that does not exist, or a path that does not resolve, is the integer 0', () => {
  const specs = parseFieldSpecs(['no.such.field', 'svc.device.base.signal/svc.common.signal.max_signal', ['svc.device.base.location/x', 'loc']]);
  assert.equal(simplify(device, specs), { 'no.such.field': 0, 'svc.common.signal.max_signal': 0, loc: 0 });
});

test('# counts the elements of a list or map', () => {
  const specs = parseFieldSpecs([['dot11.device/#dot11.device.advertised_ssid_map', 'ssids']]);
  assert.equal(simplify(device, specs), { ssids: 2 });
});

test('lists are simplified element by element; no fields means everything', () => {
  assert.equal(simplify([device, device], parseFieldSpecs(['svc.device.base.channel'])), [
    { 'svc.device.base.channel': '6' },
    { 'svc.device.base.channel': '6' },
  ]);
  assert.is(simplify(device, parseFieldSpecs(undefined)), device);
});

test('malformed fields values are 400 errors that say what is wrong', () => {
  const bad: unknown[] = ['svc.device.base.key', { a: 1 }, [[1, 2]], [['a', 'b', 'c']], [['a', '']], [''], ['//']];
  for (const value of bad) {
    try {
      parseFieldSpecs(value);
      assert.unreachable(`${JSON.stringify(value)} should be rejected`);
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_BAD_FIELDS'), JSON.stringify(value));
      assert.is((error as { status: number }).status, 400);
    }
  }
});

test('fuzz: random fields values either parse or fail with SVC_ERR_BAD_FIELDS, never anything else', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const atoms = [() => 'a.b', () => 'x/y/#z', () => '', () => 3, () => null, () => ({}), () => ['a', 'b'], () => [['q', 'r']], () => '#'];
  const value = (depth: number): unknown =>
    depth > 2 || random() < 0.5 ? atoms[Math.floor(random() * atoms.length)]!() : Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
  for (let i = 0; i < 2000; i++) {
    const input = value(0);
    try {
      simplify(device, parseFieldSpecs(input));
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_BAD_FIELDS'), `unexpected error for ${JSON.stringify(input)}: ${String(error)}`);
    }
  }
});

test.run();
