import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin, resolvePluginOrder, type PluginEntry } from './plugin.js';

const plugin = (name: string, extra: { core?: string; dependencies?: string[] } = {}): PluginEntry => ({
  plugin: definePlugin({ name, ...extra, apply() {} }),
});
const names = (entries: PluginEntry[]) => entries.map((entry) => entry.plugin.name);

test('dependencies are applied first; otherwise the given order is kept', () => {
  const { ordered, failures } = resolvePluginOrder(
    [plugin('a', { dependencies: ['c'] }), plugin('b'), plugin('c', { dependencies: ['d'] }), plugin('d')],
    '0.1.0',
  );
  assert.equal(failures, []);
  assert.equal(names(ordered), ['d', 'c', 'a', 'b']);
});

test('a core range that excludes this core is a coded error naming the plugin', () => {
  const { ordered, failures } = resolvePluginOrder([plugin('old', { core: '^2.0.0' }), plugin('ok', { core: '>=0.1.0 <1' })], '0.1.0');
  assert.equal(names(ordered), ['ok']);
  assert.is(failures.length, 1);
  assert.is(failures[0]!.name, 'old');
  assert.is(failures[0]!.error.code, 'SVC_ERR_PLUGIN_CORE_VERSION');
  assert.match(failures[0]!.error.message, "plugin 'old' supports @svc/core ^2.0.0, but this is 0.1.0");
});

test('an invalid core range is reported as an invalid plugin', () => {
  const { failures } = resolvePluginOrder([plugin('weird', { core: 'not a range' })], '0.1.0');
  assert.is(failures[0]!.error.code, 'SVC_ERR_PLUGIN_INVALID');
});

test('a missing dependency fails the plugin and those that depend on it; others run', () => {
  const { ordered, failures } = resolvePluginOrder(
    [plugin('needs-x', { dependencies: ['x'] }), plugin('needs-needs-x', { dependencies: ['needs-x'] }), plugin('free')],
    '0.1.0',
  );
  assert.equal(names(ordered), ['free']);
  assert.equal(
    failures.map((failure) => [failure.name, failure.error.code]),
    [
      ['needs-x', 'SVC_ERR_PLUGIN_MISSING_DEPENDENCY'],
      ['needs-needs-x', 'SVC_ERR_PLUGIN_DEPENDENCY_FAILED'],
    ],
  );
  assert.match(failures[0]!.error.message, "plugin 'needs-x' needs plugin 'x'");
});

test('a dependency on a plugin that failed its version check fails too', () => {
  const { ordered, failures } = resolvePluginOrder([plugin('base', { core: '^9' }), plugin('ext', { dependencies: ['base'] })], '0.1.0');
  assert.equal(ordered, []);
  assert.equal(failures.map((failure) => failure.error.code), ['SVC_ERR_PLUGIN_CORE_VERSION', 'SVC_ERR_PLUGIN_DEPENDENCY_FAILED']);
});

test('a dependency cycle is reported and its members skipped', () => {
  const { ordered, failures } = resolvePluginOrder(
    [plugin('a', { dependencies: ['b'] }), plugin('b', { dependencies: ['a'] }), plugin('c')],
    '0.1.0',
  );
  assert.equal(names(ordered), ['c']);
  assert.ok(failures.some((failure) => failure.error.code === 'SVC_ERR_PLUGIN_DEPENDENCY_CYCLE' && /a -> b -> a/.test(failure.error.message)));
  assert.equal(failures.map((failure) => failure.name).sort(), ['a', 'b']);
});

test('a plugin listed twice keeps the first and reports the second', () => {
  const { ordered, failures } = resolvePluginOrder([plugin('dup'), plugin('dup')], '0.1.0');
  assert.equal(names(ordered), ['dup']);
  assert.is(failures[0]!.error.code, 'SVC_ERR_PLUGIN_DUPLICATE');
});

test.run();
