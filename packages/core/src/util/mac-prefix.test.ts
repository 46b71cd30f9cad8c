import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SvcError } from '../errors.js';
import { mutateText, seededRandom } from '../testing/fuzz.js';
import { parseMac } from './mac.js';
import { formatMacPrefix, macInPrefix, MacPrefixTable, macPrefixKey, parseMacPrefix } from './mac-prefix.js';

const mac = (text: string) => parseMac(text)!;

test('a MAC, a MAC/MASK in both spellings and an OUI parse to the same kind of prefix', () => {
  assert.equal(parseMacPrefix('aa-bb-cc-dd-ee-ff'), { mac: mac('AA:BB:CC:DD:EE:FF'), bits: 48 });
  const oui = parseMacPrefix('AA:BB:CC');
  assert.equal(oui, { mac: mac('AA:BB:CC:00:00:00'), bits: 24 });
  assert.equal(parseMacPrefix('aabbcc'), oui);
  assert.equal(parseMacPrefix('AA:BB:CC:00:00:00/FF:FF:FF:00:00:00'), oui);
  assert.equal(parseMacPrefix('AA:BB:CC:00:00:00/24'), oui);
  assert.is(macPrefixKey(parseMacPrefix('aa:bb:cc:00:00:00/24')), macPrefixKey(oui));
  assert.is(formatMacPrefix(oui), 'AA:BB:CC:00:00:00/FF:FF:FF:00:00:00');
  assert.is(formatMacPrefix(parseMacPrefix('01:02:03:04:05:06')), '01:02:03:04:05:06');
  assert.is(formatMacPrefix(parseMacPrefix('F0:00:00:00:00:00/4')), 'F0:00:00:00:00:00/F0:00:00:00:00:00');
  assert.ok(macInPrefix(mac('AA:BB:CC:12:34:56'), oui));
  assert.not.ok(macInPrefix(mac('AA:BB:CD:12:34:56'), oui));
});

test('malformed prefixes are 400s that say what is wrong', () => {
  const cases: [string, string][] = [
    ['', 'is not a MAC'],
    ['AA:BB:CC:DD:EE', 'is not a MAC'],
    ['GG:BB:CC:DD:EE:FF', 'is not a MAC'],
    ['AA:BB:CC:00:00:00/FF:00:FF:00:00:00', 'with holes'],
    ['AA:BB:CC:00:00:00/00:00:00:00:00:00', 'empty mask'],
    ['AA:BB:CC:00:00:00/0', 'outside 1 to 48'],
    ['AA:BB:CC:00:00:00/49', 'outside 1 to 48'],
    ['AA:BB:CC:00:00:00/xx', 'neither a MAC-style mask'],
    ['AA:BB:CC:DD:00:00/16', 'did you mean AA:BB:00:00:00:00/FF:FF:00:00:00:00?'],
    ['AA:BB:CC:00:00:00/24/1', 'more than one /'],
    ['AA:BB', 'is not a MAC'],
  ];
  for (const [text, words] of cases) {
    try {
      parseMacPrefix(text);
      assert.unreachable(text);
    } catch (error) {
      assert.instance(error, SvcError, text);
      assert.is((error as SvcError).status, 400);
      assert.match((error as SvcError).message, words, text);
    }
  }
});

test('fuzz: mutated prefixes either parse to a prefix they format back to, or are 400s', () => {
  const random = seededRandom(22);
  const seeds = ['AA:BB:CC:00:00:00/FF:FF:FF:00:00:00', 'AA:BB:CC', '00:11:22:33:44:55', 'F0:00:00:00:00:00/4', '0a-1b-2c'];
  for (let round = 0; round < 5000; round++) {
    const text = mutateText(seeds[round % seeds.length]!, random, ':/-0123456789abcdefFGx ');
    try {
      const prefix = parseMacPrefix(text);
      assert.ok(prefix.bits >= 1 && prefix.bits <= 48, text);
      assert.equal(parseMacPrefix(formatMacPrefix(prefix)), prefix, text);
    } catch (error) {
      assert.instance(error, SvcError, text);
      assert.is((error as SvcError).status, 400, text);
    }
  }
});

test('the table answers the longest prefix a MAC falls under, and forgets deleted ones', () => {
  const table = new MacPrefixTable<string>();
  table.set(parseMacPrefix('AA:BB:CC'), 'oui');
  table.set(parseMacPrefix('AA:BB:CC:DD:00:00/32'), 'range');
  table.set(parseMacPrefix('AA:BB:CC:DD:EE:FF'), 'exact');
  table.set(parseMacPrefix('80:00:00:00:00:00/1'), 'half');
  assert.is(table.size, 4);
  assert.is(table.get(mac('AA:BB:CC:DD:EE:FF')), 'exact');
  assert.is(table.get(mac('AA:BB:CC:DD:EE:00')), 'range');
  assert.is(table.get(mac('AA:BB:CC:01:02:03')), 'oui');
  assert.is(table.get(mac('AA:BB:CD:01:02:03')), 'half');
  assert.is(table.get(mac('01:BB:CC:01:02:03')), undefined);
  assert.ok(table.delete(parseMacPrefix('AA:BB:CC:DD:00:00/32')));
  assert.not.ok(table.delete(parseMacPrefix('AA:BB:CC:DD:00:00/32')));
  assert.is(table.get(mac('AA:BB:CC:DD:EE:00')), 'oui');
  assert.is(table.getPrefix(parseMacPrefix('AA:BB:CC:00:00:00/24')), 'oui');
  assert.is(table.size, 3);
});

test('a thousand random prefixes: the table agrees with a scan for the longest match', () => {
  const random = seededRandom(7);
  const table = new MacPrefixTable<number>();
  const prefixes: { mac: number; bits: number }[] = [];
  for (let index = 0; index < 1000; index++) {
    const bits = [48, 48, 40, 32, 24, 24, 16][Math.floor(random() * 7)]!;
    const full = Math.floor(random() * 2 ** 48);
    const base = Math.floor(full / 2 ** (48 - bits)) * 2 ** (48 - bits);
    prefixes.push({ mac: base, bits });
    table.set({ mac: base, bits }, index);
  }
  for (let probe = 0; probe < 5000; probe++) {
    // Half the probes fall under a stored prefix, half are random.
    const near = prefixes[Math.floor(random() * prefixes.length)]!;
    const candidate = probe % 2 ? near.mac + Math.floor(random() * 2 ** (48 - near.bits)) : Math.floor(random() * 2 ** 48);
    let best: number | undefined;
    let bestBits = -1;
    prefixes.forEach((prefix, index) => {
      if (prefix.bits > bestBits && macInPrefix(candidate, prefix)) {
        best = index;
        bestBits = prefix.bits;
      } else if (prefix.bits === bestBits && macInPrefix(candidate, prefix)) best = index; // a later set replaced it
    });
    assert.is(table.get(candidate), best);
  }
});

test.run();
