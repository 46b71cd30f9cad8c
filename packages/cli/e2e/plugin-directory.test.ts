/**
 * Installed plugins end to end: `svc plugin link|list|uninstall` manage a real plugin
 * directory with the real npm, and `svc start` loads what is there. A plugin that works adds
 * its view; one that throws while loading, one made for another core, and one whose dependency
 * is missing each fail with a coded error naming the plugin while svc starts with the others.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basicAuth, startSvc } from './svc-process.js';

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'svc-e2e-plugins-'));
const configDir = join(work, 'config');
const svc = (...args: string[]) => spawnSync(process.execPath, [bin, ...args, '--config-dir', configDir], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_OPTIONS: '' } });

/** Writes a plugin package working copy: package.json with the keyword and an ESM index.js. */
function pluginPackage(name: string, source: string, keyword = true): string {
  const directory = join(work, name);
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ name, version: '1.2.3', type: 'module', main: 'index.js', keywords: keyword ? ['svc-plugin'] : [] }));
  writeFileSync(join(directory, 'index.js'), source);
  return directory;
}

const hello = pluginPackage(
  'svc-plugin-hello',
  `export default { name: 'svc-plugin-hello', core: '^0.1.0', apply(svc) {
     svc.hooks.views.tap('svc-plugin-hello', (views) => views.add({ name: 'hello-view', description: 'devices named hello', includes: (device) => device.name === 'hello' }));
   } };`,
);
const broken = pluginPackage('svc-plugin-broken', `throw new Error('the broken plugin cannot load');`);
const future = pluginPackage('svc-plugin-future', `export default { name: 'svc-plugin-future', core: '^9.0.0', apply() {} };`);
const needy = pluginPackage('svc-plugin-needy', `export default { name: 'svc-plugin-needy', dependencies: ['svc-plugin-absent'], apply() {} };`);
const notPlugin = pluginPackage('left-pad-ish', `export default {};`, false);

test('an empty plugin directory is listed as such', () => {
  const list = svc('plugin', 'list');
  assert.is(list.status, 0, list.stderr);
  assert.match(list.stdout, `No plugins installed in ${join(configDir, 'plugins')}`);
});

test('svc plugin link installs working copies with npm; a package without the keyword is refused', () => {
  for (const directory of [hello, broken, future, needy]) {
    const linked = svc('plugin', 'link', directory);
    assert.is(linked.status, 0, linked.stderr);
    assert.match(linked.stdout, 'svc start will load it');
  }
  assert.ok(lstatSync(join(configDir, 'plugins', 'node_modules', 'svc-plugin-hello')).isSymbolicLink());
  const refused = svc('plugin', 'link', notPlugin);
  assert.is(refused.status, 1);
  assert.match(refused.stderr, "lacks the 'svc-plugin' keyword");
  const list = svc('plugin', 'list');
  for (const name of ['svc-plugin-hello@1.2.3', 'svc-plugin-broken@1.2.3', 'svc-plugin-future@1.2.3', 'svc-plugin-needy@1.2.3']) assert.match(list.stdout, name);
  assert.match(list.stdout, '(linked: ');
});

test('svc start --plugins reports each installed plugin, with coded errors for those that cannot run', () => {
  const report = svc('start', '--plugins');
  assert.is(report.status, 0, report.stderr);
  assert.match(report.stdout, /svc-plugin-hello: applied\n  views \(1\): hello-view/);
  assert.match(report.stdout, /svc-plugin-broken: failed \(SVC_ERR_PLUGIN_LOAD: plugin module 'svc-plugin-broken' could not be loaded: the broken plugin cannot load\)/);
  assert.match(report.stdout, /svc-plugin-future: failed \(SVC_ERR_PLUGIN_CORE_VERSION: plugin 'svc-plugin-future' supports @svc\/core \^9.0.0/);
  assert.match(report.stdout, /svc-plugin-needy: failed \(SVC_ERR_PLUGIN_MISSING_DEPENDENCY: .*svc-plugin-absent/);
});

test('svc start runs with the working plugin: its view is in all_views.json, the failures in plugins.json', async () => {
  const server = await startSvc({ configDir, args: ['--user', 'admin', '--password', 'plugin-test-pw'] });
  try {
    const get = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { authorization: basicAuth('admin', 'plugin-test-pw') } })).json() as Promise<any>;
    const views = await get('/devices/views/all_views.json');
    assert.ok(views.some((view: any) => view['svc.devices.view.id'] === 'hello-view'));
    const plugins = await get('/system/plugins.json');
    const state = (name: string) => plugins.find((plugin: any) => plugin['svc.plugin.name'] === name)?.['svc.plugin.state'];
    assert.equal(['svc-plugin-hello', 'svc-plugin-broken', 'svc-plugin-future', 'svc-plugin-needy', '@svc/plugin-dot11'].map(state), ['applied', 'failed', 'failed', 'failed', 'applied']);
    assert.match(server.stderr() + server.stdout(), 'plugin svc-plugin-broken was skipped');
  } finally {
    await server.stop();
  }
});

test('svc plugin uninstall removes a plugin; an unknown name is an error', () => {
  const removed = svc('plugin', 'uninstall', 'svc-plugin-broken');
  assert.is(removed.status, 0, removed.stderr);
  assert.not.ok(existsSync(join(configDir, 'plugins', 'node_modules', 'svc-plugin-broken')));
  assert.not.match(svc('plugin', 'list').stdout, 'svc-plugin-broken');
  const unknown = svc('plugin', 'uninstall', 'svc-plugin-nowhere');
  assert.is(unknown.status, 1);
  assert.match(unknown.stderr, 'not installed in');
});

test.run();
