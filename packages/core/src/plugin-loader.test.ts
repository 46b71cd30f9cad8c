import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPluginModules } from './plugin-loader.js';
import { packageEntry } from './package-entry.js';

const work = mkdtempSync(join(tmpdir(), 'svc-plugin-loader-'));
const plugin = (name: string) => `export default { name: '${name}', apply() {} };\n`;

/** Writes a package directory with the given package.json fields and files. */
function pluginPackage(directory: string, manifest: Record<string, unknown> | string, files: Record<string, string>): string {
  const root = join(work, directory);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'package.json'), typeof manifest === 'string' ? manifest : JSON.stringify({ type: 'module', ...manifest }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

const conditional = pluginPackage('conditional', { name: 'conditional', exports: { '.': { types: './dist/index.d.ts', 'svc-source': './src/index.ts', default: './dist/index.js' } } }, { 'dist/index.js': plugin('conditional') });
const sugar = pluginPackage('sugar', { name: 'sugar', exports: { import: './lib/entry.js', require: './lib/entry.cjs' } }, { 'lib/entry.js': plugin('sugar') });
const plain = pluginPackage('plain', { name: 'plain', exports: './plain.js' }, { 'plain.js': plugin('plain') });
const withMain = pluginPackage('with-main', { name: 'with-main', main: 'main.js' }, { 'main.js': plugin('with-main') });
const bare = pluginPackage('bare', { name: 'bare' }, { 'index.js': plugin('bare') });
const broken = pluginPackage('broken', '{ "name": ', {});

test('a package directory resolves to its . export for import, else main, else index.js', () => {
  assert.is(packageEntry(conditional), join(conditional, 'dist/index.js'));
  assert.is(packageEntry(sugar), join(sugar, 'lib/entry.js'));
  assert.is(packageEntry(plain), join(plain, 'plain.js'));
  assert.is(packageEntry(withMain), join(withMain, 'main.js'));
  assert.is(packageEntry(bare), join(bare, 'index.js'));
  assert.is(packageEntry(join(work, 'nowhere')), undefined);
  assert.is(packageEntry(join(conditional, 'dist', 'index.js')), undefined);
  assert.throws(() => packageEntry(broken), /broken\/package.json is not valid JSON/);
});

test('plugin= paths load package directories (absolute or relative) and module files alike', async () => {
  const { plugins, failures } = await loadPluginModules([conditional, './sugar', plain, withMain, bare, join(plain, 'plain.js')], work);
  assert.equal(failures, []);
  assert.equal(plugins.map((loaded) => loaded.plugin.name), ['conditional', 'sugar', 'plain', 'with-main', 'bare', 'plain']);
  assert.equal(plugins.map((loaded) => [loaded.package?.name, loaded.package?.directory]), [
    ['conditional', conditional],
    ['sugar', sugar],
    ['plain', plain],
    ['with-main', withMain],
    ['bare', bare],
    ['plain', plain],
  ]);
});

test("each plugin comes with its package's version, description and author (a string or an object), from the nearest package.json that names a package", async () => {
  const described = pluginPackage('described', { name: '@acme/svc-plugin-described', version: '1.2.3', description: 'finds acme radios', author: { name: 'Ada', email: 'ada@example.org' }, main: 'dist/index.js' }, { 'dist/index.js': plugin('described'), 'dist/package.json': JSON.stringify({ type: 'module' }) });
  const { plugins } = await loadPluginModules([described], work);
  assert.equal(plugins[0]!.package, { name: '@acme/svc-plugin-described', version: '1.2.3', description: 'finds acme radios', author: 'Ada', directory: described });
});

test('a path that is not a plugin fails alone, naming it', async () => {
  const { plugins, failures } = await loadPluginModules([join(work, 'nowhere'), broken, bare], work);
  assert.equal(plugins.map((loaded) => loaded.plugin.name), ['bare']);
  assert.equal(failures.map((failure) => [failure.name, failure.error.code]), [
    [join(work, 'nowhere'), 'SVC_ERR_PLUGIN_LOAD'],
    [broken, 'SVC_ERR_PLUGIN_LOAD'],
  ]);
  assert.match(failures[1]!.error.message, 'package.json is not valid JSON');
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test.run();
