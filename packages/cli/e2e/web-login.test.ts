/**
 * End-to-end: the web app's way in (`web-app/login-tests.ts`) in real Chromium against two real
 * `svc start` processes: one with the login printed at first start, at the server's root, and one
 * in first-run setup (`--setup`) under `httpd_uri_prefix=/svc`, as behind a reverse proxy.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from './browser.js';
import { startSvc } from './svc-process.js';
import { loginTests, type LoginContext } from './web-app/login-tests.js';

const test = suite<LoginContext>('web app login and first-run setup');
test.before(async (context) => {
  context.browser = await launchChromium();
  const withLogin = await startSvc();
  context.withLogin = { svc: withLogin, browser: context.browser, app: withLogin.url.replace(/\/$/, '') };
  const setupDir = mkdtempSync(join(tmpdir(), 'svc-web-setup-'));
  writeFileSync(join(setupDir, 'svc.conf'), 'httpd_uri_prefix=/svc\n');
  const setup = await startSvc({ configDir: setupDir, args: ['--setup'] });
  context.setup = { svc: setup, browser: context.browser, app: setup.url.replace(/\/$/, '') };
});
test.after(async (context) => {
  await context.browser?.close();
  assert.is(await context.withLogin?.svc.stop(), 0);
  assert.is(await context.setup?.svc.stop(), 0);
});
loginTests(test);
test.run();
