/**
 * A plugin from nothing, end to end: `svc plugin new` writes a package into a temporary
 * directory; the real npm installs it against this workspace's @svc/core, builds it and runs
 * its tests; `svc plugin link` installs it into a plugin directory; `svc start` then serves its
 * view in all_views.json, its datasource type in types.json and the devices its simulated
 * source reports. Packed and installed with `svc plugin install`, as a published plugin would
 * be, it loads with the running core.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from '@svc/core/testing';
import { basicAuth, startSvc } from './svc-process.js';

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url));
const workspaceCore = fileURLToPath(new URL('../../core', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'svc-e2e-new-'));
const pluginDirectory = join(work, 'svc-plugin-acme');
const configDir = join(work, 'config');

const run = (command: string, args: string[], cwd = work): SpawnSyncReturns<string> =>
  spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000, env: { ...process.env, NODE_OPTIONS: '', NO_COLOR: '1' } });
const svc = (...args: string[]) => run(process.execPath, [bin, ...args]);
const npm = (...args: string[]) => run('npm', [...args, '--no-audit', '--no-fund'], pluginDirectory);
const output = (result: SpawnSyncReturns<string>) => `${result.stdout}\n${result.stderr}`;

test('svc plugin new writes the package and says what to do next', () => {
  const created = svc('plugin', 'new', 'acme', '--directory', pluginDirectory);
  assert.is(created.status, 0, output(created));
  assert.match(created.stdout, 'Created svc-plugin-acme in svc-plugin-acme (14 files).');
  assert.match(created.stdout, /Next steps:\n {2}cd svc-plugin-acme\n {2}npm install\n/);
  assert.match(created.stdout, 'svc start -c acme-0');
  assert.is(JSON.parse(readFileSync(join(pluginDirectory, 'package.json'), 'utf8')).name, 'svc-plugin-acme');
});

test('it refuses to overwrite, and refuses names npm could not publish', () => {
  const again = svc('plugin', 'new', 'acme', '--directory', pluginDirectory);
  assert.is(again.status, 1);
  assert.match(again.stderr, 'already exists and is not empty; svc plugin new never overwrites files');
  const badName = svc('plugin', 'new', 'Acme Radio');
  assert.is(badName.status, 1);
  assert.match(badName.stderr, "'Acme Radio' is not a plugin name");
  const nothing = svc('plugin', 'new', 'acme', '--no-datasource', '--no-phy', '--no-view', '--directory', join(work, 'empty'));
  assert.is(nothing.status, 1);
  assert.match(nothing.stderr, 'choose at least one of --datasource, --phy, --view');
  assert.not.ok(existsSync(join(work, 'empty')));
});

test('the package installs against the workspace core, builds, and its own tests pass', () => {
  // @svc/core is not on the npm registry: point the package at this workspace's core.
  const pointed = npm('pkg', 'set', `devDependencies.@svc/core=file:${workspaceCore}`);
  assert.is(pointed.status, 0, output(pointed));
  const installed = npm('install', '--prefer-offline');
  assert.is(installed.status, 0, output(installed));
  const built = npm('run', 'build');
  assert.is(built.status, 0, output(built));
  for (const file of ['index.js', 'index.d.ts', 'datasource.d.ts', 'phy.d.ts', 'view.d.ts']) assert.ok(existsSync(join(pluginDirectory, 'dist', file)), file);
  const tested = npm('test');
  assert.is(tested.status, 0, output(tested));
  assert.match(tested.stdout, /Total:\s+11\s+Passed:\s+11/);
});

test('linked into a plugin directory, svc start serves its view, its type and its devices', async () => {
  const linked = svc('plugin', 'link', pluginDirectory, '--config-dir', configDir);
  assert.is(linked.status, 0, output(linked));
  const server = await startSvc({ configDir, args: ['--user', 'admin', '--password', 'new-plugin-pw', '-c', 'acme-0:sensors=2,interval=0.1'] });
  try {
    const get = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { authorization: basicAuth('admin', 'new-plugin-pw') } })).json() as Promise<any>;
    const views = await get('/devices/views/all_views.json');
    assert.ok(views.some((view: any) => view['svc.devices.view.id'] === 'acme-busy'), JSON.stringify(views));
    const types = await get('/datasource/types.json');
    assert.ok(types.some((type: any) => type['svc.datasource.driver.type'] === 'acme'));
    await waitUntil('both simulated sensors are devices', async () => (await get('/devices/views/phy-ACME/devices.json')).length === 2, {
      detail: () => server.stderr(),
    });
    const [device] = await get('/devices/views/phy-ACME/devices.json');
    assert.type(device['acme.device']['acme.device.reading'], 'number');
    assert.is(device['svc.device.base.type'], 'Acme sensor');
  } finally {
    await server.stop();
  }
});

test('packed and installed as a published plugin would be, it loads with the running core; npm fetches no @svc/core', () => {
  const installedConfig = join(work, 'installed-config');
  const packed = npm('pack', '--pack-destination', work);
  assert.is(packed.status, 0, output(packed));
  const installed = svc('plugin', 'install', join(work, 'svc-plugin-acme-0.1.0.tgz'), '--config-dir', installedConfig);
  assert.is(installed.status, 0, output(installed));
  assert.match(installed.stdout, 'Installed svc-plugin-acme@0.1.0. svc start will load it.');
  const modules = join(installedConfig, 'plugins', 'node_modules');
  assert.is(realpathSync(join(modules, '@svc', 'core')), realpathSync(workspaceCore), 'the plugin directory links the running core');
  assert.not.ok(existsSync(join(modules, 'svc-plugin-acme', 'node_modules')), 'the package brought no core of its own');
  const report = svc('start', '--plugins', '--config-dir', installedConfig);
  assert.is(report.status, 0, output(report));
  assert.match(report.stdout, /svc-plugin-acme: applied\n(  .*\n)*  datasource types \(1\): acme\n  views \(1\): acme-busy/);
});

test.run();
