import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSvcError } from '../errors.js';
import { loadConfig } from './config-loader.js';
import { CORE_CONFIG_KEYS } from './config-keys.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-config-'));
}

test('with no files the embedded defaults apply', () => {
  const config = loadConfig({ configDir: tempDir() });
  assert.is(config.get('httpd_port'), '2501');
  assert.is(config.get('httpd_bind_address'), '127.0.0.1');
  assert.is(config.getNumber('httpd_port', 0), 2501);
  assert.equal(config.getAll('source'), []);
});

test('reads <config dir>/svc.conf, follows include, and repeated keys form lists', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'svc.conf'), 'source=wlan0\ninclude=extra.conf\nopt_include=missing.conf\nhttpd_port=2600\n');
  writeFileSync(join(dir, 'extra.conf'), 'source=wlan1\n');
  const config = loadConfig({ configDir: dir });
  assert.equal(config.getAll('source'), ['wlan0', 'wlan1']);
  assert.is(config.get('httpd_port'), '2600');
  assert.is(config.origin('httpd_port'), `${join(dir, 'svc.conf')}:4`);
});

test('an override file replaces keys; command-line overrides win over everything', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'main.conf'), `source=a\nsource=b\nserver_name=main\nopt_override=${join(dir, 'over.conf')}\n`);
  writeFileSync(join(dir, 'over.conf'), 'source=c\nserver_name=over\n');
  writeFileSync(join(dir, 'svc_site.conf'), 'server_description=site\n');
  const config = loadConfig({ configDir: dir, configFile: join(dir, 'main.conf'), overrides: { server_name: 'cli', httpd_port: undefined } });
  assert.equal(config.getAll('source'), ['c']);
  assert.is(config.get('server_name'), 'cli');
  assert.is(config.origin('server_name'), 'command line');
  assert.is(config.get('server_description'), 'site');
});

test('a missing include or a missing --config file is an error naming the file', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'svc.conf'), 'include=nope.conf\n');
  try {
    loadConfig({ configDir: dir });
    assert.unreachable();
  } catch (error) {
    assert.ok(isSvcError(error, 'SVC_ERR_CONFIG_INCLUDE'));
    assert.match((error as Error).message, `${join(dir, 'svc.conf')}:1`);
    assert.match((error as Error).message, 'nope.conf');
  }
  assert.throws(() => loadConfig({ configDir: dir, configFile: join(dir, 'absent.conf') }), /absent\.conf does not exist/);
});

test('an include cycle is an error, not a hang', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'svc.conf'), 'include=b.conf\n');
  writeFileSync(join(dir, 'b.conf'), 'include=svc.conf\n');
  assert.throws(() => loadConfig({ configDir: dir }), /includes itself/);
});

test('a malformed line in an included file names that file and line', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'svc.conf'), 'include=b.conf\n');
  writeFileSync(join(dir, 'b.conf'), 'a=1\nnot a setting\n');
  assert.throws(() => loadConfig({ configDir: dir }), (error: Error) => error.message.startsWith(`${join(dir, 'b.conf')}:2:`));
});

test('unknown keys are reported with their origin; known and declared keys are not', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'svc.conf'), 'httpd_prot=2501\nmyplugin_speed=3\nsource=x\n');
  const config = loadConfig({ configDir: dir });
  const known = new Set([...Object.keys(CORE_CONFIG_KEYS), 'myplugin_speed']);
  assert.equal(config.unknownKeys(known), [{ key: 'httpd_prot', origin: `${join(dir, 'svc.conf')}:1` }]);
});

test('typed getters reject bad values with the origin of the value', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'svc.conf'), 'httpd_port=twenty\nhttpd_allow_auth_view=maybe\n');
  const config = loadConfig({ configDir: dir });
  assert.throws(() => config.getNumber('httpd_port', 2501, { integer: true }), /svc\.conf:1: httpd_port must be an integer/);
  assert.throws(() => config.getBoolean('httpd_allow_auth_view'), /svc\.conf:2: httpd_allow_auth_view must be true or false/);
});

test.run();
