import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { editDistance, suggestCommand } from './command-suggestion.js';

const COMMANDS = ['start', 'capture', 'plugin:new', 'plugin:install', 'plugin:uninstall', 'plugin:link', 'plugin:list'];

test('edit distance counts insertions, deletions and substitutions', () => {
  assert.is(editDistance('strat', 'start'), 2);
  assert.is(editDistance('start', 'start'), 0);
  assert.is(editDistance('', 'abc'), 3);
  assert.is(editDistance('kitten', 'sitting'), 3);
});

test('a typo gets the command it most likely meant; another word gets none', () => {
  assert.is(suggestCommand('strat', COMMANDS), 'start');
  assert.is(suggestCommand('stat', COMMANDS), 'start');
  assert.is(suggestCommand('captur', COMMANDS), 'capture');
  assert.is(suggestCommand('plugin:nwe', COMMANDS), 'plugin:new');
  assert.is(suggestCommand('plugin:instal', COMMANDS), 'plugin:install');
  assert.is(suggestCommand('deploy', COMMANDS), undefined);
  assert.is(suggestCommand('x', COMMANDS), undefined);
});

test.run();
