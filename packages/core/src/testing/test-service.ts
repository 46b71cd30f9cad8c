/**
 * A service for tests: it runs in a temporary config dir with a known admin login, and requests
 * go straight to the hono app, no port needed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config-loader.js';
import { createLogger, type Logger } from '../logger.js';
import type { PluginDefinition, PluginEntry } from '../plugin.js';
import { createService, type SvcServer } from '../service.js';

/** The admin login every test service uses. */
export const TEST_ADMIN = { user: 'admin', password: 'test-password' } as const;

/** A service for tests plus helpers to call it. */
export interface TestService {
  readonly svc: SvcServer;
  /** Sends a request to the app as admin (or with `auth: false`, anonymously). */
  request(path: string, init?: RequestInit & { auth?: boolean | string }): Promise<Response>;
  /** Posts a command dictionary as form variable `json`, the way python-kismet-rest does. */
  command(path: string, dictionary: Record<string, unknown>): Promise<Response>;
  /** Removes the temporary config dir (and stops the service if started). */
  close(): Promise<void>;
}

/** What a test service is made with. */
export interface TestServiceOptions {
  plugins?: readonly (PluginDefinition<any> | PluginEntry)[];
  config?: Record<string, string | string[]>;
  log?: Logger;
  /** Config dir to use and keep (for restart tests); by default a temporary one, removed on close. */
  configDir?: string;
}

/** Creates a service with the given plugins, a temporary (or given) config dir and a fixed admin login. */
export async function createTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const configDir = options.configDir ?? mkdtempSync(join(tmpdir(), 'svc-test-'));
  const config = loadConfig({
    configDir,
    // Tests log only when they ask (enable_logging=true).
    overrides: { httpd_username: TEST_ADMIN.user, httpd_password: TEST_ADMIN.password, httpd_port: '0', enable_logging: 'false', ...options.config },
  });
  const svc = await createService(config, { plugins: options.plugins, log: options.log ?? createLogger({ level: 'error' }) });
  const basic = `Basic ${Buffer.from(`${TEST_ADMIN.user}:${TEST_ADMIN.password}`).toString('base64')}`;
  const request = (path: string, init: RequestInit & { auth?: boolean | string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.auth !== false && !headers.has('authorization')) headers.set('authorization', typeof init.auth === 'string' ? init.auth : basic);
    return Promise.resolve(svc.app.request(path, { ...init, headers }));
  };
  return {
    svc,
    request,
    command: (path, dictionary) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: new URLSearchParams({ json: JSON.stringify(dictionary) }).toString(),
      }),
    async close() {
      await svc.stop();
      if (!options.configDir) rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `body` with a test service and closes it afterwards, whether the body passed or threw:
 * the set-up and tear-down every test of a running service would otherwise repeat.
 */
export async function withTestService<T>(options: TestServiceOptions, body: (t: TestService) => Promise<T> | T): Promise<T> {
  const t = await createTestService(options);
  try {
    return await body(t);
  } finally {
    await t.close();
  }
}
