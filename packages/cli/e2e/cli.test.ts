/**
 * End-to-end: `svc start` and `svc --help` as a user meets them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectDataPath, realDataPath, realDataTest, waitUntil } from '@svc/core/testing';
import { SYNTHETIC_RECORDING } from '@svc/plugin-sdr-rtl433/synthetic';
import { DEMO_SCENE_CAPTURE } from './dot11-captures.js';
import { basicAuth, startSvc } from './svc-process.js';

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 20_000 });

test('svc --help lists the start command; svc start --help explains every flag', () => {
  const help = run(['--help']);
  assert.is(help.status, 0);
  assert.match(help.stdout, 'start');
  const startHelp = run(['start', '--help']);
  for (const flag of ['--config', '--config-dir', '--source', '--gps', '--port', '--bind', '--user', '--password', '--setup']) assert.match(startHelp.stdout, flag);
  assert.match(startHelp.stdout, '127.0.0.1:2501');
});

test('run as a program, svc is node with a 32 MB young generation', async () => {
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  assert.is(version.status, 0, version.stderr);
  assert.match(version.stdout, /^@svc\/cli\/\d/);
  const child = spawn(bin, ['start', '--port', '0', '--config-dir', mkdtempSync(join(tmpdir(), 'svc-bin-'))], { stdio: 'ignore' });
  try {
    const commandLine = () => readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
    // Mid-exec the command line reads empty for a moment: wait for the program that replaced the shell.
    await waitUntil('the shell has become node', () => !['', '/bin/sh'].includes(commandLine()[0]!), { timeoutMs: 30_000 });
    assert.equal(commandLine().slice(1, 3), ['--max-semi-space-size=32', bin]);
  } finally {
    child.kill('SIGTERM');
  }
});

test('a second start reuses the login and does not print the password again', async () => {
  const first = await startSvc();
  assert.ok(first.password);
  await first.stop();
  const second = await startSvc({ configDir: first.configDir });
  try {
    assert.is(second.password, undefined);
    assert.not.match(second.stdout(), first.password!);
    assert.match(second.stdout(), `password in ${join(first.configDir, 'svc_httpd.conf')}`);
    const response = await fetch(`${second.url}/session/check_login`, { headers: { authorization: basicAuth('svc', first.password!) } });
    assert.is(response.status, 200);
  } finally {
    await second.stop();
  }
});

test('--user/--password set the login; no login file is written', async () => {
  const svc = await startSvc({ args: ['--user', 'ops', '--password', 'pw-from-flag'] });
  try {
    assert.is(svc.password, undefined);
    assert.is((await fetch(`${svc.url}/system/status.json`, { headers: { authorization: basicAuth('ops', 'pw-from-flag') } })).status, 200);
    assert.is((await fetch(`${svc.url}/system/status.json`, { headers: { authorization: basicAuth('svc', 'pw-from-flag') } })).status, 401);
  } finally {
    await svc.stop();
  }
});

test('--user takes its password from SVC_PASSWORD, so it need not sit in the process list; --user without any password is refused', async () => {
  const svc = await startSvc({ args: ['--user', 'ops'], env: { SVC_PASSWORD: 'pw-from-env' } });
  try {
    assert.is((await fetch(`${svc.url}/system/status.json`, { headers: { authorization: basicAuth('ops', 'pw-from-env') } })).status, 200);
    assert.not.match(readFileSync(`/proc/${svc.child.pid}/cmdline`, 'utf8'), 'pw-from-env');
  } finally {
    await svc.stop();
  }
  const missing = spawnSync(process.execPath, [bin, 'start', '--user', 'ops', '--port', '0', '--config-dir', mkdtempSync(join(tmpdir(), 'svc-cli-'))], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, SVC_PASSWORD: '' } });
  assert.is(missing.status, 2);
  assert.match(missing.stderr, '--user needs a password: --password, or SVC_PASSWORD');
});

test('--config is read: server_name shows in status, unknown keys warn with file and line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  const file = join(dir, 'custom.conf');
  writeFileSync(file, 'server_name=lab sensor\nhttpd_prot=1\n');
  const svc = await startSvc({ args: ['--config', file, '--user', 'a', '--password', 'b'] });
  try {
    const status = (await (await fetch(`${svc.url}/system/status.json`, { headers: { authorization: basicAuth('a', 'b') } })).json()) as any;
    assert.is(status['svc.system.server_name'], 'lab sensor');
    assert.match(svc.stderr(), `${file}:2: unknown config key 'httpd_prot' is ignored`);
  } finally {
    await svc.stop();
  }
});

test('a malformed config file stops svc with exit 2 and a message naming file and line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  const file = join(dir, 'svc.conf');
  writeFileSync(file, 'server_name=ok\nthis line is wrong\n');
  const result = run(['start', '--config-dir', dir, '--port', '0']);
  assert.is(result.status, 2);
  assert.match(result.stderr, `${file}:2:`);
  const missing = run(['start', '--config', join(dir, 'absent.conf'), '--port', '0']);
  assert.is(missing.status, 2);
  assert.match(missing.stderr, 'absent.conf does not exist');
});

test('svc start -c with a bad definition exits 2 with the reason, as a bad config line does; a valid source that cannot open does not stop it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  for (const [definition, reason] of [
    ['/nonexistent/file.pcap', 'svc: SVC_ERR_CONFIG_VALUE: command line: source /nonexistent/file.pcap: SVC_ERR_BAD_DEFINITION: no such file: /nonexistent/file.pcap (check the file path)'],
    ['wlan9:type=nosuchtype', "svc: SVC_ERR_CONFIG_VALUE: command line: source wlan9:type=nosuchtype: SVC_ERR_NO_DATASOURCE_TYPE: no datasource type 'nosuchtype'; known types:"],
    [`${DEMO_SCENE_CAPTURE.path}:pps=abc`, "pcapfile option pps must be a number of packets per second, 0.001 or more, got 'abc'"],
  ] as const) {
    const result = run(['start', '--config-dir', dir, '--port', '0', '-c', definition]);
    assert.is(result.status, 2, result.stdout + result.stderr);
    assert.match(result.stderr, reason);
    assert.not.match(result.stdout, 'is listening');
    assert.not.match(result.stderr, '    at ');
  }
  writeFileSync(join(dir, 'sources.conf'), 'source=rtl433-7:type=rtl433,frequency=433.92MHz\nsource=/nonexistent/other.pcapng\n');
  const fromFile = run(['start', '--config', join(dir, 'sources.conf'), '--config-dir', dir, '--port', '0']);
  assert.is(fromFile.status, 2);
  assert.match(fromFile.stderr, `${join(dir, 'sources.conf')}:2: source /nonexistent/other.pcapng: SVC_ERR_BAD_DEFINITION: no such file`);
  // A dongle that is not plugged in is not a bad definition: the server starts and retries it.
  const svc = await startSvc({ args: ['-c', 'rtl433-7:type=rtl433,retry=false'] });
  try {
    const sources = await (await fetch(`${svc.url}/datasource/all_sources.json`, { headers: { authorization: basicAuth('svc', svc.password!) } })).json() as any[];
    assert.is(sources.length, 1);
  } finally {
    await svc.stop();
  }
});

/** Replays `recording` with and without the debug log; a bad log level stops svc. */
async function debugLogShowsBanner(recording: string): Promise<void> {
  const banner = /DEBUG rtl_433: rtl_433 version/;
  const runWith = async (args: string[]) => {
    const svc = await startSvc({ args: ['-c', `${recording}:name=r`, ...args] });
    try {
      await waitUntil('the recording is replayed', () => /datasource r has no more data/.test(svc.stderr()), { timeoutMs: 15_000, detail: svc.stderr });
      return svc.stderr();
    } finally {
      await svc.stop();
    }
  };
  assert.not.match(await runWith([]), banner);
  assert.match(await runWith(['--debug']), banner);
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  writeFileSync(join(dir, 'debug.conf'), 'log_level=debug\n');
  assert.match(await runWith(['--config', join(dir, 'debug.conf')]), banner);
  writeFileSync(join(dir, 'bad.conf'), 'log_level=chatty\n');
  const bad = run(['start', '--config', join(dir, 'bad.conf'), '--config-dir', dir, '--port', '0']);
  assert.is(bad.status, 2);
  assert.match(bad.stderr, `${join(dir, 'bad.conf')}:1: log_level must be one of debug, info, warn, error, got 'chatty'`);
}

const NEXUS = 'rtl433/nexus__01__gfile001.cu8';
realDataTest(test, "--debug and log_level=debug add the debug log (rtl_433's banner); without them it is left out; a bad level stops svc", [NEXUS], () => debugLogShowsBanner(realDataPath(NEXUS)));
test("--debug and log_level=debug add the debug log (rtl_433's banner); without them it is left out; a bad level stops svc (svc's synthetic recording)", () =>
  debugLogShowsBanner(projectDataPath('rtl433', SYNTHETIC_RECORDING)));

test('a port in use is a clear error, not a stack trace', async () => {
  const svc = await startSvc({ args: ['--user', 'a', '--password', 'b'] });
  try {
    const port = new URL(svc.url).port;
    const result = run(['start', '--config-dir', svc.configDir, '--port', port, '--user', 'a', '--password', 'b']);
    assert.is(result.status, 2);
    assert.match(result.stderr, `127.0.0.1:${port} is already in use`);
    assert.not.match(result.stderr, '    at ');
  } finally {
    await svc.stop();
  }
});

test('--plugins prints each plugin with what it contributed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  const result = run(['start', '--plugins', '--config-dir', dir, '--user', 'a', '--password', 'b']);
  assert.is(result.status, 0);
  assert.match(result.stdout, '@svc/plugin-dot11: applied');
  assert.match(result.stdout, 'PHYs (1): IEEE802.11');
  assert.match(result.stdout, '@svc/plugin-sdr-rtl433: applied');
  assert.match(result.stdout, '@svc/core:system: applied');
});

test.run();
