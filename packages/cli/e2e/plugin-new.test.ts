/**
 * A plugin from nothing, end to end, outside this repository: `svc plugin new` writes a package
 * into a temporary directory and prints its next steps; those steps are run verbatim in a shell
 * (with a temporary HOME, so svc's config dir and npm's global state are the test's own): npm
 * installs the package against the running @svc/core (not on the registry, so linked with
 * file:), its tests pass, it builds without test declarations in dist, `svc plugin link .`
 * installs it, and the printed `svc start` serves its view, its type and its simulated devices.
 * Packed and installed with `svc plugin install`, as a published plugin would be, it loads with
 * the running core.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from '@svc/core/testing';
import { basicAuth } from './svc-process.js';

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url));
const workspaceCore = fileURLToPath(new URL('../../core', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'svc-e2e-new-'));
const home = join(work, 'home');
mkdirSync(home);
const pluginDirectory = join(work, 'svc-plugin-acme');
// npm keeps its cache under HOME: keep using the real one, so the install need not download again.
const npmCache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
// A newcomer's PATH has no svc (npm test puts node_modules/.bin, which has one, on it): the steps must then name it by path.
const PATH = (process.env.PATH ?? '').split(delimiter).filter((directory) => !existsSync(join(directory, 'svc'))).join(delimiter);
const env = { ...process.env, PATH, HOME: home, npm_config_cache: npmCache, NODE_OPTIONS: '', NO_COLOR: '1' };

const run = (command: string, args: string[], cwd = work): SpawnSyncReturns<string> => spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000, env });
const svc = (...args: string[]) => run(process.execPath, [bin, ...args]);
const npm = (...args: string[]) => run('npm', [...args, '--no-audit', '--no-fund'], pluginDirectory);
const output = (result: SpawnSyncReturns<string>) => `${result.stdout}\n${result.stderr}`;
let steps: string[] = [];

test('svc plugin new writes the package, links the running core, and says what to do next', () => {
  const created = svc('plugin', 'new', 'acme', '--directory', pluginDirectory);
  assert.is(created.status, 0, output(created));
  assert.match(created.stdout, 'Created svc-plugin-acme in svc-plugin-acme (20 files).');
  const manifest = JSON.parse(readFileSync(join(pluginDirectory, 'package.json'), 'utf8'));
  assert.is(manifest.name, 'svc-plugin-acme');
  assert.is(manifest.devDependencies['@svc/core'], `file:${realpathSync(workspaceCore)}`, 'not a registry range npm cannot find');
  assert.is(manifest.peerDependencies['@svc/core'], '^0.1.0');
  steps = /Next steps:\n((?: {2}.+\n)+)/.exec(created.stdout)![1]!.trim().split('\n').map((line) => line.trim());
  assert.equal(steps.slice(0, 4), ['cd svc-plugin-acme', 'npm install', 'npm test', 'npm run build']);
  // `svc` is not on this PATH, so the steps name this program by its path.
  assert.equal(steps.slice(4), [`node ${bin} plugin link .`, `node ${bin} start -c acme-0`]);
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

test('the printed steps, run verbatim in a shell outside the repository, install, test, build, link and start it', async () => {
  const setup = steps.slice(0, -1).join(' && ');
  const prepared = run('sh', ['-c', setup]);
  assert.is(prepared.status, 0, output(prepared));
  assert.match(prepared.stdout, /Total:\s+16\s+Passed:\s+16/);
  assert.match(prepared.stdout, 'Linked svc-plugin-acme from');
  const dist = readdirSync(join(pluginDirectory, 'dist'));
  for (const file of ['index.js', 'decode.js', 'index.d.ts', 'datasource.d.ts', 'phy.d.ts', 'view.d.ts']) assert.ok(dist.includes(file), file);
  assert.equal(dist.filter((file) => file.includes('.test.')), [], 'no test files in dist');
  assert.ok(existsSync(join(pluginDirectory, 'dist', 'ui', 'acme.js')), 'the web app panel is built');

  // The last step starts the server; run it as written (in the plugin's directory) and look at it.
  const server = spawn('sh', ['-c', `cd svc-plugin-acme && exec ${steps.at(-1)} --port 0`], { cwd: work, env });
  let out = '';
  server.stdout!.on('data', (chunk) => (out += chunk));
  server.stderr!.on('data', (chunk) => (out += chunk));
  try {
    await waitUntil('the server listens', () => /is listening on (http:\/\/\S+)/.test(out) && /Password: \S+/.test(out), { timeoutMs: 20_000, detail: () => out });
    const url = /is listening on (http:\/\/\S+)/.exec(out)![1]!;
    const authorization = basicAuth('svc', /Password: (\S+)/.exec(out)![1]!);
    assert.ok(existsSync(join(home, '.svc', 'svc_httpd.conf')), "svc start used the temporary HOME's config dir");
    const get = async (path: string) => (await fetch(`${url}${path}`, { headers: { authorization } })).json() as Promise<any>;
    const views = await get('/devices/views/all_views.json');
    assert.ok(views.some((view: any) => view['svc.devices.view.id'] === 'acme-busy'), JSON.stringify(views));
    const types = await get('/datasource/types.json');
    assert.ok(types.some((type: any) => type['svc.datasource.driver.type'] === 'acme'));
    await waitUntil('the simulated sensors are devices', async () => (await get('/devices/views/phy-ACME/devices.json')).length === 3, { detail: () => out });
    const [device] = await get('/devices/views/phy-ACME/devices.json');
    assert.type(device['acme.device']['acme.device.reading'], 'number');
    assert.is(device['svc.device.base.type'], 'Acme sensor');
    const panel = await fetch(`${url}/ui/modules/acme.js`, { headers: { authorization } });
    assert.is(panel.status, 200, 'svc serves the plugin\'s web app panel');
    assert.match(await panel.text(), 'acme.device.reading');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
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
