/**
 * The `apspoof=` and `ssidcanary=` lines: Kismet's sample lines read as Kismet reads them (a
 * pattern searched anywhere, `(?i:...)` ignoring case, MAC masks in validmacs), each kind of
 * bad line is an error naming file, line and remedy, and a fuzz of mutated lines either reads
 * or fails with that error, never anything else.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSvcError } from '@svc/core';
import { mutateText, seededRandom } from '@svc/core/testing';
import { isSpoofed, parseApSpoofRules, parseCanaryRules } from './ssid-rules.js';

const at = (value: string) => [{ value, origin: 'svc.conf:7' }];
const mac = (text: string) => parseInt(text.replaceAll(':', ''), 16);

test("Kismet's sample lines: a searched pattern, valid MACs, (?i:...) ignoring case", () => {
  const [exact, anyCase] = parseApSpoofRules([
    ...at('Foo1:ssid="Foobar",validmacs="00:11:22:33:44:55,aa:bb:cc:dd:ee:ff"'),
    ...at('Foo2:ssid="(?i:foobar)",validmacs="00:11:22:33:44:55"'),
  ]);
  assert.is(exact!.name, 'Foo1');
  assert.ok(isSpoofed(exact!, 'Foobar-guest', mac('02:00:00:00:00:01')), 'searched anywhere, as PCRE does');
  assert.not.ok(isSpoofed(exact!, 'Foobar', mac('AA:BB:CC:DD:EE:FF')), 'a valid MAC');
  assert.not.ok(isSpoofed(exact!, 'foobar', mac('02:00:00:00:00:01')), 'case matters without (?i)');
  assert.ok(isSpoofed(anyCase!, 'FOOBAR', mac('02:00:00:00:00:01')));
  const [masked] = parseApSpoofRules(at('Corp:ssid="^Corp$",validmacs="00:1a:1e:00:00:00/ff:ff:ff:00:00:00"'));
  assert.not.ok(isSpoofed(masked!, 'Corp', mac('00:1a:1e:12:34:56')), 'a MAC mask covers the vendor');
  const [canary, leading] = parseCanaryRules([...at('FooCanary:ssid="FoobarCanary"'), ...at('Other:ssid="(?i)^trap"')]);
  assert.equal([canary!.name, canary!.pattern, canary!.ssid.test('my FoobarCanary')], ['FooCanary', 'FoobarCanary', true]);
  assert.ok(leading!.ssid.test('TRAP-net'));
});

test('a bad line is an SVC_ERR_CONFIG_VALUE naming file, line and what to write', () => {
  const cases: [() => unknown, RegExp][] = [
    [() => parseApSpoofRules(at('NoColon')), /expected apspoof=NAME:ssid="REGEX",validmacs="MAC,MAC"/],
    [() => parseApSpoofRules(at('X:validmacs="00:11:22:33:44:55"')), /no ssid="REGEX"/],
    [() => parseApSpoofRules(at('X:ssid="a"')), /no validmacs/],
    [() => parseApSpoofRules(at('X:ssid="a",validmacs="00:11:22:33:44"')), /validmacs entry '00:11:22:33:44' is not a MAC/],
    [() => parseApSpoofRules(at('X:ssid="(unclosed",validmacs="00:11:22:33:44:55"')), /not a regular expression/],
    [() => parseApSpoofRules(at('X:ssid="a(?i:b)",validmacs="00:11:22:33:44:55"')), /inline modifiers/],
    [() => parseApSpoofRules(at('X:ssid="a,validmacs="00:11:22:33:44:55"')), /double quote is not closed/],
    [() => parseCanaryRules(at('X:ssid="a",colour=blue')), /unknown option 'colour'/],
    [() => parseCanaryRules(at(':ssid="a"')), /interface .* is empty|empty/],
  ];
  for (const [parse, message] of cases) {
    try {
      parse();
      assert.unreachable(String(message));
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_CONFIG_VALUE'), `${message}: ${(error as Error).message}`);
      assert.match((error as Error).message, /^svc\.conf:7: /);
      assert.match((error as Error).message, message);
    }
  }
});

test('fuzz: mutated lines read, or fail with SVC_ERR_CONFIG_VALUE', () => {
  const random = seededRandom(22);
  const seeds = ['Corp:ssid="(?i:corp)",validmacs="00:11:22:33:44:55,aa:bb:cc:00:00:00/24"', 'Trap:ssid="^honey$"'];
  for (let i = 0; i < 3000; i++) {
    const line = mutateText(seeds[i % 2]!, random, '=:,"\\()[]?*+.^$|/0123456789abcdefi ');
    try {
      if (i % 2 === 0) parseApSpoofRules(at(line));
      else parseCanaryRules(at(line));
    } catch (error) {
      assert.ok(isSvcError(error, 'SVC_ERR_CONFIG_VALUE'), `${line}: ${(error as Error).message}`);
    }
  }
});

test.run();
