/**
 * The server the attack suite attacks: a real `svc start` on a free loopback port, no logs, the
 * test datasource plugin loaded, and the config lines a scenario needs. Helpers give it
 * readonly keys (an attacker's credentials), synthetic devices, and read its status and
 * `/metrics` as its admin.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seriesValue, waitUntil } from '@svc/core/testing';
import { basicAuth, startSvc, type SvcProcess } from '../svc-process.js';

/** A running attack target. */
export interface AttackServer {
  readonly svc: SvcProcess;
  readonly url: string;
  /** The admin login as a basic auth header value. */
  readonly admin: string;
  /** POSTs a command dictionary as admin; the response. */
  command(path: string, dictionary: Record<string, unknown>): Promise<Response>;
  /** A new readonly API key (an attacker's credential). */
  readonlyKey(name: string): Promise<string>;
  /** Adds a datasource; throws unless the server answers 200. */
  addSource(definition: string): Promise<void>;
  /** Waits until the server tracks `count` devices. */
  devices(count: number): Promise<void>;
  /** One series of `/metrics` (0 when absent). */
  metric(series: string): Promise<number>;
  /** The server's resident memory, in bytes (its own report). */
  rss(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts `svc start` with extra svc.conf lines. */
export async function startAttackServer(configLines: string[] = [], options: { wrapper?: string[] } = {}): Promise<AttackServer> {
  const configDir = mkdtempSync(join(tmpdir(), 'svc-attack-'));
  const config = join(configDir, 'svc.conf');
  writeFileSync(config, ['plugin=@svc/core/testing/plugin', ...configLines, ''].join('\n'));
  const svc = await startSvc({ configDir, args: ['-n', '--config', config], wrapper: options.wrapper });
  const admin = basicAuth('svc', svc.password!);
  const command = (path: string, dictionary: Record<string, unknown>) =>
    fetch(`${svc.url}${path}`, { method: 'POST', headers: { authorization: admin, 'content-type': 'application/json' }, body: JSON.stringify(dictionary) });
  const metrics = async () => (await fetch(`${svc.url}/metrics`, { headers: { authorization: admin } })).text();
  const status = async () => (await (await fetch(`${svc.url}/system/status.json`, { headers: { authorization: admin } })).json()) as Record<string, number>;
  return {
    svc,
    url: svc.url,
    admin,
    command,
    async readonlyKey(name) {
      const response = await command('/auth/apikey/generate.cmd', { name, role: 'readonly', duration: 0 });
      if (response.status !== 200) throw new Error(`generate ${name}: ${response.status} ${await response.text()}`);
      return (await response.text()).trim();
    },
    async addSource(definition) {
      const response = await command('/datasource/add_source.cmd', { definition });
      if (response.status !== 200) throw new Error(`add_source ${definition}: ${response.status} ${await response.text()}`);
    },
    async devices(count) {
      await waitUntil(`the server tracks ${count} devices`, async () => (await status())['svc.system.devices.count']! >= count, { timeoutMs: 60_000, intervalMs: 100, detail: svc.stderr });
    },
    metric: async (series) => seriesValue(await metrics(), series) ?? 0,
    rss: async () => (await status())['svc.system.memory.rss']! * 1024,
    async stop() {
      await svc.stop();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
