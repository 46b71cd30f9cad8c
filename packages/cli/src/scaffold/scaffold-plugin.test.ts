import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginNames } from './plugin-names.js';
import { chosenParts, coreRangeFor, PLUGIN_PARTS, scaffoldPlugin, type PluginPart } from './scaffold-plugin.js';

const work = mkdtempSync(join(tmpdir(), 'svc-scaffold-'));
const scaffold = (directory: string, parts: PluginPart[] = [...PLUGIN_PARTS], name = 'acme') =>
  scaffoldPlugin({ names: pluginNames(name), directory: join(work, directory), parts: new Set(parts), coreVersion: '0.1.0' });

/** Every non-empty subset of the parts. */
const combinations = PLUGIN_PARTS.reduce<PluginPart[][]>((subsets, part) => [...subsets, ...subsets.map((subset) => [...subset, part])], [[]])
  .filter((subset) => subset.length > 0);

test('the default plugin has every part with its test, the report format, and the package files', () => {
  assert.equal(scaffold('all'), [
    '.gitignore',
    'README.md',
    'package.json',
    'src/datasource.test.ts',
    'src/datasource.ts',
    'src/decode.test.ts',
    'src/decode.ts',
    'src/index.ts',
    'src/phy.test.ts',
    'src/phy.ts',
    'src/report.test.ts',
    'src/report.ts',
    'src/ui/panel.test.ts',
    'src/ui/panel.ts',
    'src/view.test.ts',
    'src/view.ts',
    'tsconfig.build.json',
    'tsconfig.json',
    'tsup.config.ts',
    'tsup.ui.config.ts',
  ]);
  const manifest = JSON.parse(readFileSync(join(work, 'all', 'package.json'), 'utf8'));
  assert.is(manifest.name, 'svc-plugin-acme');
  assert.equal(manifest.keywords, ['svc-plugin']);
  assert.is(manifest.peerDependencies['@svc/core'], '^0.1.0');
  assert.is(manifest.description, 'svc plugin for Acme: a datasource type (acme), a PHY (ACME) and a device view (acme-busy)');
  assert.match(readFileSync(join(work, 'all', 'src', 'index.ts'), 'utf8'), "core: '^0.1.0',");
});

test('every choice of parts renders completely and imports only the files it wrote', () => {
  for (const parts of combinations) {
    const directory = `parts-${parts.join('-')}`;
    const files = scaffold(directory, parts);
    for (const part of PLUGIN_PARTS) {
      assert.is(files.includes(`src/${part}.ts`), parts.includes(part), `${directory}: ${part}`);
      assert.is(files.includes(`src/${part}.test.ts`), parts.includes(part), `${directory}: ${part} test`);
    }
    assert.is(files.includes('src/report.ts'), parts.includes('datasource') || parts.includes('phy'), `${directory}: report`);
    for (const file of files) assert.not.match(readFileSync(join(work, directory, file), 'utf8'), /\{\{|\}\}/, `${directory}/${file}`);
    const index = readFileSync(join(work, directory, 'src', 'index.ts'), 'utf8');
    for (const [, imported] of index.matchAll(/from '\.\/(\w+)\.js'/g)) assert.ok(files.includes(`src/${imported}.ts`), `${directory} imports ${imported}`);
  }
});

test('an existing non-empty directory or a file is refused and left untouched; an empty directory is used', () => {
  mkdirSync(join(work, 'taken'));
  writeFileSync(join(work, 'taken', 'notes.txt'), 'mine');
  assert.throws(() => scaffold('taken'), /taken already exists and is not empty; svc plugin new never overwrites files/);
  assert.equal(readdirSync(join(work, 'taken')), ['notes.txt']);
  writeFileSync(join(work, 'a-file'), 'mine');
  assert.throws(() => scaffold('a-file'), /already exists and is not empty/);
  mkdirSync(join(work, 'empty'));
  assert.ok(scaffold('empty').includes('package.json'));
  assert.throws(() => scaffold('nothing', []), /choose at least one of --datasource, --phy, --view/);
  assert.not.ok(existsSync(join(work, 'nothing')));
});

test('parts: the named ones, or all but those turned off', () => {
  assert.equal([...chosenParts({})], ['datasource', 'phy', 'view']);
  assert.equal([...chosenParts({ phy: true })], ['phy']);
  assert.equal([...chosenParts({ phy: true, view: true, datasource: false })], ['phy', 'view']);
  assert.equal([...chosenParts({ view: false })], ['datasource', 'phy']);
  assert.equal([...chosenParts({ datasource: false, phy: false, view: false })], []);
});

test('the core range follows semver caret rules for the running core', () => {
  assert.is(coreRangeFor('0.1.0'), '^0.1.0');
  assert.is(coreRangeFor('0.3.7'), '^0.3.0');
  assert.is(coreRangeFor('2.4.1'), '^2.0.0');
});

test('examples/minimal-plugin is exactly what svc plugin new makes today', () => {
  const example = fileURLToPath(new URL('../../../../examples/minimal-plugin', import.meta.url));
  const files = scaffold('minimal', [...PLUGIN_PARTS], 'minimal');
  // The example is a workspace member, so its dev dependency is the core range, not a file: link.
  const regenerate = 'regenerate it: rm -rf examples/minimal-plugin && node packages/cli/bin/run.js plugin new minimal -d examples/minimal-plugin --core-dependency ^0.1.0 && npm install';
  const committed = (directory: string): string[] =>
    readdirSync(join(example, directory), { withFileTypes: true })
      .filter((entry) => !['node_modules', 'dist'].includes(entry.name))
      .flatMap((entry) => (entry.isDirectory() ? committed(join(directory, entry.name)) : [join(directory, entry.name)]));
  assert.equal(committed('').sort(), files, `files differ; ${regenerate}`);
  for (const file of files) {
    assert.fixture(readFileSync(join(example, file), 'utf8'), readFileSync(join(work, 'minimal', file), 'utf8'), `${file} differs; ${regenerate}`);
  }
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test.run();
