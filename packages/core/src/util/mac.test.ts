import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMac, macFromBytes, macMatches, normalizeMac, parseMac, parseMacMask } from './mac.js';

test('MACs parse from colon, dash or bare hex and format uppercase with colons', () => {
  for (const text of ['aa:bb:cc:dd:ee:ff', 'AA-BB-CC-DD-EE-FF', 'aabbccddeeff']) assert.is(normalizeMac(text), 'AA:BB:CC:DD:EE:FF');
  assert.is(formatMac(parseMac('00:00:00:00:00:01')!), '00:00:00:00:00:01');
  assert.is(formatMac(0xffffffffffff), 'FF:FF:FF:FF:FF:FF');
  for (const bad of ['', 'aa:bb:cc:dd:ee', 'gg:bb:cc:dd:ee:ff', 'aa:bb:cc:dd:ee:ff:00']) assert.is(parseMac(bad), undefined, bad);
});

test('the fast path for written MACs agrees with the general parse on any 17 characters', () => {
  const general = (text: string) => {
    const hex = text.trim().replace(/[:-]/g, '');
    return /^[0-9A-Fa-f]{12}$/.test(hex) ? Number.parseInt(hex, 16) : undefined;
  };
  const alphabet = '0123456789abcdefABCDEF:-g ';
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let round = 0; round < 20_000; round++) {
    const text = round % 2 ? formatMac(next() * 65536 + (next() % 65536)).replace(/:/g, () => (next() % 2 ? ':' : '-')) : Array.from({ length: 17 }, () => alphabet[next() % alphabet.length]).join('');
    assert.is(parseMac(text), general(text), JSON.stringify(text));
  }
});

test('macFromBytes reads six bytes in place', () => {
  assert.is(formatMac(macFromBytes(Buffer.from([0, 1, 0x02, 0x0b, 0x0a, 0x03, 0x02, 0x01]), 2)), '02:0B:0A:03:02:01');
});

test('MAC masks: a MAC, MAC/MAC-mask and MAC/bits', () => {
  const vendor = parseMacMask('AA:BB:CC:00:00:00/FF:FF:FF:00:00:00')!;
  assert.ok(macMatches(parseMac('AA:BB:CC:12:34:56')!, vendor));
  assert.not.ok(macMatches(parseMac('AA:BB:CD:12:34:56')!, vendor));
  const bits = parseMacMask('AA:BB:CC:DD:EE:FF/24')!;
  assert.is(bits.mask, 0xffffff000000);
  assert.ok(macMatches(parseMac('AA:BB:CC:00:00:01')!, bits));
  const exact = parseMacMask('AA:BB:CC:DD:EE:FF')!;
  assert.ok(macMatches(parseMac('aa:bb:cc:dd:ee:ff')!, exact));
  assert.not.ok(macMatches(parseMac('AA:BB:CC:DD:EE:FE')!, exact));
  assert.ok(macMatches(parseMac('01:02:03:04:05:06')!, parseMacMask('FF:FF:FF:FF:FF:FF/0')!));
  for (const bad of ['AA:BB/24', 'AA:BB:CC:DD:EE:FF/49', 'AA:BB:CC:DD:EE:FF/xyz', 'AA:BB:CC:DD:EE:FF/24/1']) assert.is(parseMacMask(bad), undefined, bad);
});

test.run();
