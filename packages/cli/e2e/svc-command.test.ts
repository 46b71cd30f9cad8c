/**
 * The `svc` command as the README says to get it: from a clone, `npm link -w @svc/cli` puts it
 * on the PATH (into a temporary npm prefix here, never the real one); without the clone, the
 * packages made by `npm run pack` are installed together into a directory of their own, and
 * `npx svc` runs there. A mistyped command says which one it most likely meant.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const version = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')).version as string;
const work = mkdtempSync(join(tmpdir(), 'svc-command-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

const run = (command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) =>
  spawnSync(command, args, { cwd: options.cwd, encoding: 'utf8', timeout: 300_000, env: { ...process.env, NODE_OPTIONS: '', ...options.env } });

test('from a clone, npm link -w @svc/cli puts svc on the PATH; svc strat suggests start', () => {
  const prefix = join(work, 'prefix');
  // Only the linked svc may answer: npm test puts node_modules/.bin, which has one too, on the PATH.
  const elsewhere = (process.env.PATH ?? '').split(delimiter).filter((directory) => !existsSync(join(directory, 'svc')));
  const env = { npm_config_prefix: prefix, PATH: [join(prefix, 'bin'), ...elsewhere].join(delimiter) };
  const linked = run('npm', ['link', '-w', '@svc/cli', '--no-audit', '--no-fund'], { cwd: root, env });
  assert.is(linked.status, 0, linked.stderr);
  // Run from elsewhere, through the PATH, as a user would.
  const shown = run('svc', ['--version'], { cwd: work, env });
  assert.is(shown.status, 0, shown.stderr);
  assert.match(shown.stdout, `@svc/cli/${version} `);
  const typo = run('svc', ['strat'], { cwd: work, env });
  assert.is(typo.status, 2);
  assert.is(typo.stderr, "svc: 'strat' is not a svc command. Did you mean 'svc start'? 'svc --help' lists the commands.\n");
  const nested = run('svc', ['plugin', 'nwe'], { cwd: work, env });
  assert.match(nested.stderr, "Did you mean 'svc plugin new'?");
});

test('without a clone: the packed packages installed into a directory of their own give a working npx svc', () => {
  const packed = join(root, 'packed');
  rmSync(packed, { recursive: true, force: true });
  const pack = run('npm', ['run', 'pack'], { cwd: root });
  assert.is(pack.status, 0, pack.stderr);
  const tarballs = readdirSync(packed).filter((name) => name.endsWith('.tgz'));
  assert.equal(tarballs.sort(), ['svc-cli', 'svc-core', 'svc-plugin-adsb', 'svc-plugin-bluetooth', 'svc-plugin-dot11', 'svc-plugin-fleet', 'svc-plugin-mqtt', 'svc-plugin-sdr-rtl433', 'svc-plugin-serial', 'svc-plugin-uav', 'svc-web'].map((name) => `${name}-${version}.tgz`));
  const site = join(work, 'site');
  spawnSync('mkdir', ['-p', site]);
  writeFileSync(join(site, 'package.json'), '{ "private": true }\n');
  try {
    const installed = run('npm', ['install', '--no-audit', '--no-fund', ...tarballs.map((name) => join(packed, name))], { cwd: site });
    assert.is(installed.status, 0, installed.stderr);
  } finally {
    rmSync(packed, { recursive: true, force: true });
  }
  const shown = run('npx', ['svc', '--version'], { cwd: site });
  assert.is(shown.status, 0, shown.stderr);
  assert.match(shown.stdout, `@svc/cli/${version} `);
  const plugins = run('npx', ['svc', 'start', '--plugins', '--config-dir', join(work, 'config')], { cwd: site });
  assert.is(plugins.status, 0, plugins.stderr);
  assert.match(plugins.stdout, '@svc/plugin-dot11: applied');
  assert.match(plugins.stdout, 'datasource types (3): pcapfile, linuxwifi, dot11scan');
  assert.match(plugins.stdout, '@svc/web: applied');
  assert.match(plugins.stdout, '@svc/plugin-mqtt: applied');
  for (const built of ['@svc/web/dist/app/index.html', '@svc/plugin-dot11/dist/ui/dot11.js', '@svc/plugin-sdr-rtl433/dist/ui/rtl433.js', '@svc/plugin-adsb/dist/ui/adsb.js', '@svc/plugin-bluetooth/dist/ui/btle.js', '@svc/plugin-bluetooth/dist/ui/bluetooth.js', '@svc/plugin-uav/dist/ui/uav.js']) {
    assert.ok(existsSync(join(site, 'node_modules', built)), `the packed packages hold ${built}`);
  }
});

test.run();
