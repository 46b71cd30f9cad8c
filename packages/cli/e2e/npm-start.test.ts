/**
 * `npm start` as the README's Quickstart runs it, for real: the build's output is kept back, so
 * the first lines a newcomer reads are one line about the build and then svc's banner; the
 * demo scene's access points are served; Ctrl-C (SIGINT to the terminal's process group) stops svc
 * gracefully, once, and leaves no process behind.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from '@svc/core/testing';
import { DEMO_SCENE } from '@svc/plugin-dot11/synthetic';
import { basicAuth } from './svc-process.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

test("npm start prints one line for the build, then the banner; the demo scene's networks are served; Ctrl-C stops it gracefully", async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-npm-start-'));
  // Its own process group, as a terminal gives it, so Ctrl-C can be sent to all of it.
  const child = spawn('npm', ['start', '--', '--port', '0', '--config-dir', configDir], { cwd: root, env: { ...process.env, NODE_OPTIONS: '' }, detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // 'close' comes once every process holding the output pipes (npm, the script, svc) is gone.
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  try {
    await waitUntil('the banner', () => /is listening on http/.test(stdout) && /Password: \S+/.test(stdout), { timeoutMs: 120_000, detail: () => `${stdout}\n${stderr}` });
    const before = stdout.slice(0, stdout.indexOf('svc 0.1.0 is listening on')).split('\n').filter((line) => line.trim() !== '');
    // npm's own two lines ("> start", "> node scripts/start-demo.mjs ...") and the build line.
    assert.ok(before.length <= 3, `printed before the banner:\n${before.join('\n')}`);
    assert.match(before.join('\n'), /building svc \(npm run build\) \.\.\. done in [\d.]+ s/);
    assert.not.match(stdout + stderr, /tsup|ESM Build|CLI Building entry/, 'no build output');
    const url = /is listening on (http:\/\/\S+)/.exec(stdout)![1]!;
    const authorization = basicAuth('svc', /Password: (\S+)/.exec(stdout)![1]!);
    const networks = DEMO_SCENE.networks.map((network) => network.ssid).sort();
    let names: string[] = [];
    await waitUntil("the demo scene's networks", async () => {
      const devices = (await (await fetch(`${url}/devices/views/phydot11_accesspoints/devices.json`, { headers: { authorization } })).json()) as Record<string, string>[];
      names = devices.map((device) => device['svc.device.base.name']!).sort();
      // The hidden network is named once its client's probe response names it: wait for every name.
      return JSON.stringify(names) === JSON.stringify(networks);
    }, { timeoutMs: 60_000, detail: () => `served ${JSON.stringify(names)}, the scene's networks ${JSON.stringify(networks)}` });
  } finally {
    process.kill(-child.pid!, 'SIGINT');
  }
  await closed;
  assert.is(stderr.match(/SIGINT received, shutting down/g)?.length, 1, stderr);
});

test.run();
