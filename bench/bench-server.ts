/**
 * The server the HTTP and web benches measure: a real `svc start` process on a free loopback
 * port with the test datasource plugin loaded and a known admin login, and the 100,000 (or
 * any number of) synthetic devices the figures are taken at.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../packages/cli/e2e/browser.js';
import { SVC_NODE_FLAGS } from '../packages/cli/e2e/svc-process.js';

const USER = 'bench';
const PASSWORD = 'bench-password';

/** A running bench server. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>`. */
  readonly base: string;
  readonly user: string;
  readonly password: string;
  /** The admin login as a basic auth header value. */
  readonly basic: string;
  readonly process: ChildProcess;
  /** Adds a source from a definition line; throws unless the server answers 200. */
  addSource(definition: string): Promise<void>;
  /** Devices the server tracks (its status report). */
  deviceCount(): Promise<number>;
  /** Stops the server and removes its config dir. */
  stop(): Promise<void>;
}

/** Starts `svc start` for a bench, with config lines besides the test datasource plugin. */
export async function startBenchServer(conf: readonly string[] = []): Promise<BenchServer> {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  writeFileSync(join(configDir, 'svc.conf'), `${['plugin=@svc/core/testing/plugin', ...conf].join('\n')}\n`);
  const child = spawn(process.execPath, [...SVC_NODE_FLAGS, 'packages/cli/bin/run.js', 'start', '--port', '0', '--config-dir', configDir, '--user', USER, '--password', PASSWORD, '--config', join(configDir, 'svc.conf')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => child.kill());
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /is listening on (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`svc exited with ${code}`)));
  });
  const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  return {
    base,
    user: USER,
    password: PASSWORD,
    basic,
    process: child,
    async addSource(definition) {
      const response = await fetch(`${base}/datasource/add_source.cmd`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/json' }, body: JSON.stringify({ definition }) });
      if (response.status !== 200) throw new Error(`add_source ${definition}: ${response.status} ${await response.text()}`);
    },
    async deviceCount() {
      const status = (await (await fetch(`${base}/system/status.json`, { headers: { authorization: basic } })).json()) as Record<string, number>;
      return status['svc.system.devices.count']!;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.on('exit', resolve));
      }
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** Chromium with a 1400 x 900 page context logged in to the server as its admin (the session cookie set). */
export async function loggedInBrowser(server: BenchServer): Promise<{ browser: Browser; context: BrowserContext }> {
  const login = await fetch(`${server.base}/session/login.cmd`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: server.user, password: server.password }) });
  const token = /SVC=([0-9A-F]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addCookies([{ name: 'SVC', value: token, url: server.base }]);
  return { browser, context };
}

/** Gives the server `devices` synthetic devices from the test datasource (with more of its options, `lat=..,lon=..` to locate them) and waits until it tracks them all. */
export async function addTestDevices(server: BenchServer, devices: number, options = ''): Promise<void> {
  await server.addSource(`testsource-1:devices=${devices},count=${devices},flood=true${options ? `,${options}` : ''}`);
  while ((await server.deviceCount()) < devices) await new Promise((resolve) => setTimeout(resolve, 200));
}

/** Seconds between the log's writes of changed devices (`log_device_interval`'s default). */
const DEVICE_LOG_SECONDS = 30;
/** CPU share of one core under which the server counts as idle. */
const IDLE_SHARE = 0.05;

/** Seconds of CPU a process has used (user and system), from `/proc/{pid}/stat`. */
function cpuSeconds(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until the server's log has written the devices just added and it is idle: a whole
 * `log_device_interval` after they came, its timer has written them all (seconds of its CPU for
 * 100,000 devices, which would otherwise land in the middle of the figures), then until a second
 * passes with it under 5 % of a core. Gives up waiting for idle after two minutes, saying so.
 */
export async function settleServer(server: BenchServer): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, DEVICE_LOG_SECONDS * 1000));
  const pid = server.process.pid!;
  const giveUp = Date.now() + 120_000;
  let before = cpuSeconds(pid);
  while (Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - before < IDLE_SHARE) return;
    before = now;
  }
  console.log('the server did not become idle within two minutes; measuring anyway');
}
