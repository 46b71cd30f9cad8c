import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseMac } from '../util/mac.js';
import { TurnBudget } from '../util/turn-budget.js';
import { lookupManufacturer, OuiRegistry, UNKNOWN_MANUFACTURER } from './oui.js';

test('the registries load in slices of the event loop turns', async () => {
  let turns = 0;
  const counting = () => {
    turns++;
    if (!done) setImmediate(counting);
  };
  let done = false;
  setImmediate(counting);
  const registry = new OuiRegistry();
  await registry.loadInTurns(new TurnBudget(0));
  done = true;
  assert.ok(turns > 10, `the loop turned ${turns} times while the registries loaded`);
  assert.is(registry.lookup(parseMac('00:1A:11:00:00:01')!), 'Google, Inc.');
});

test('looks manufacturers up in the IEEE registry', () => {
  assert.is(lookupManufacturer(parseMac('00:1A:11:00:00:01')!), 'Google, Inc.');
  assert.is(lookupManufacturer(parseMac('00:00:00:12:34:56')!), 'XEROX CORPORATION');
});

test('an unregistered (locally administered) prefix is Unknown', () => {
  assert.is(lookupManufacturer(parseMac('02:00:00:00:00:01')!), UNKNOWN_MANUFACTURER);
});

test('every registry entry gives the first line of its JSON text, as JSON.parse reads the file', () => {
  const raw = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('oui-data'), 'utf8')) as Record<string, string>;
  const byPrefix = new Map<string, string>();
  for (const [prefix, entry] of Object.entries(raw)) {
    const name = entry.split('\n')[0]!.trim();
    if (/^[0-9A-F]{6,9}$/.test(prefix) && name) byPrefix.set(prefix, name);
  }
  assert.ok(byPrefix.size > 50_000, `${byPrefix.size} registry entries`);
  const mismatches: string[] = [];
  for (const [prefix, name] of byPrefix) {
    // The MAC that starts with the prefix and continues with zeros; a longer registered prefix
    // (MA-M, MA-S inside an MA-L block) answers for it when there is one.
    const mac = Number.parseInt(prefix.padEnd(12, '0'), 16);
    const longer = [9, 7].map((length) => byPrefix.get(mac.toString(16).toUpperCase().padStart(12, '0').slice(0, length))).find((found) => found !== undefined);
    const expected = prefix.length < 9 && longer !== undefined ? longer : name;
    if (lookupManufacturer(mac) !== expected) mismatches.push(`${prefix}: ${lookupManufacturer(mac)} != ${expected}`);
  }
  assert.equal(mismatches.slice(0, 5), []);
});

test.run();
