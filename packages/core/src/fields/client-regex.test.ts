import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SvcError } from '../errors.js';
import { seededRandom, mutateText } from '../testing/fuzz.js';
import { compileClientRegex, MAX_REGEX_LENGTH } from './client-regex.js';

const refusal = (pattern: string): string => {
  try {
    compileClientRegex(pattern, 'regex[0]');
  } catch (error) {
    assert.instance(error, SvcError);
    assert.is((error as SvcError).status, 400);
    return (error as SvcError).message;
  }
  throw new Error(`${pattern} compiled`);
};

test('PCRE option settings at the start: (?i), (?s), (?m), (?x) and combinations', () => {
  assert.ok(compileClientRegex('(?i)^netgear$', 'r').test('NETGEAR'));
  assert.not.ok(compileClientRegex('^netgear$', 'r').test('NETGEAR'));
  assert.ok(compileClientRegex('(?s)a.b', 'r').test('a\nb'));
  assert.not.ok(compileClientRegex('a.b', 'r').test('a\nb'));
  assert.ok(compileClientRegex('(?m)^b$', 'r').test('a\nb'));
  assert.not.ok(compileClientRegex('^b$', 'r').test('a\nb'));
  const extended = compileClientRegex('(?x) ^ net  gear # the vendor\n [ ]? $', 'r');
  assert.ok(extended.test('netgear'));
  assert.ok(extended.test('netgear '));
  assert.not.ok(extended.test('net gear'));
  assert.ok(compileClientRegex('(?ix)^ NET \\  GEAR $', 'r').test('net gear'));
  assert.ok(compileClientRegex('(?i)(?s)^a.B$', 'r').test('A\nb'));
  assert.ok(compileClientRegex('(?x)[# ]x', 'r').test('#x'), 'a # in a class is not a comment');
});

test('PCRE-only syntax is a 400 naming the construct', () => {
  const cases: [string, RegExp][] = [
    ['foo(?=bar)', /lookahead/],
    ['foo(?!bar)', /negative lookahead/],
    ['(?<=foo)bar', /lookbehind/],
    ['(?<!foo)bar', /negative lookbehind/],
    ['(a)\\1', /backreference/],
    ['(?<n>a)\\k<n>', /backreference/],
    ['(?>a+)b', /atomic group/],
    ['a++b', /possessive quantifier/],
    ['a{2}+', /possessive quantifier/],
    ['(a|(?R))', /recursion/],
    ['(?(1)a|b)', /conditional/],
    ['a\\Kb', /\\K/],
    ['ab(?x) c', /\(\?x\) after the start/],
  ];
  for (const [pattern, named] of cases) {
    const message = refusal(pattern);
    assert.match(message, /^regex\[0\]: /, pattern);
    assert.match(message, named, `${pattern}: ${message}`);
    assert.match(message, /PCRE syntax svc does not run/, pattern);
  }
  assert.ok(compileClientRegex('[(?=]x', 'r').test('=x'), 'inside a class these are plain characters');
  assert.ok(compileClientRegex('\\(\\?=', 'r').test('(?='), 'escaped, these are plain characters');
  assert.ok(compileClientRegex('a+?b', 'r').test('aab'), 'a lazy quantifier is fine');
});

test('invalid and over-long patterns are 400s that say why', () => {
  assert.match(refusal('(unclosed'), /^regex\[0\]: invalid regex: missing closing \)/);
  assert.match(refusal('a{1001}'), /invalid repeat count/);
  assert.match(refusal('a'.repeat(MAX_REGEX_LENGTH + 1)), new RegExp(`${MAX_REGEX_LENGTH + 1} characters long; the limit is ${MAX_REGEX_LENGTH}`));
  compileClientRegex('a'.repeat(MAX_REGEX_LENGTH), 'r');
});

test('patterns that backtrack catastrophically elsewhere answer at once (linear-time matching)', () => {
  // With a backtracking engine each of these takes longer than the test suite (2^31 paths).
  assert.not.ok(compileClientRegex('^(a+)+$', 'r').test(`${'a'.repeat(31)}b`));
  assert.not.ok(compileClientRegex('^([0-9A-F_]+)+!$', 'r').test('4202770D00000000_AABBCCDDEE00'.repeat(4)));
  assert.not.ok(compileClientRegex('(x+x+)+y', 'r').test('x'.repeat(5000)));
});

test('fuzz: mangled patterns compile or are refused with a 400, never anything else', () => {
  const random = seededRandom(18);
  const seeds = ['(?i)^net(gear|work)s?$', '(?x) a b # c', '[a-z]{2,5}\\d+', '^([0-9A-F_]+)+!$', '(?<=x)(?=y)\\1'];
  for (let round = 0; round < 2000; round++) {
    const pattern = mutateText(seeds[round % seeds.length]!, random);
    try {
      compileClientRegex(pattern, 'r').test('Some NETGEAR text 42');
    } catch (error) {
      assert.instance(error, SvcError, pattern);
      assert.is((error as SvcError).status, 400, pattern);
    }
  }
});

test.run();
