/**
 * The web app's way in, in real Chromium: a fresh load (no cookie) learns from
 * `/system/user_status.json` that there is no session and from `/session/check_setup_ok` whether
 * the server has a login, so it calls no route that answers 401 and the browser's console logs
 * none; the same holds through logging in and reloading with the cookie. On a server
 * in first-run setup (`svc start --setup`) the app shows the setup form instead of the login form
 * and walks it: the passwords must match, the server's refusal of a weak one is shown as it words
 * it, and a good one is written 0600 and logs the user in; a form another browser left open is
 * then refused in the server's words and leads to the login form.
 */
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { basicAuth } from '../svc-process.js';
import { logIn, type AppContext } from './harness.js';

/** The two servers the login tests use: one with the printed first-start login, one in first-run setup. */
export interface LoginContext {
  browser: Browser;
  withLogin: AppContext;
  setup: AppContext;
}

/** What one page met: every console message, every answer as `STATUS METHOD PATH`, every error it threw. */
interface PageTraffic {
  readonly console: string[];
  readonly answers: string[];
  readonly errors: string[];
}

/** Asserts the page met no 401: no answer with that status, no console message naming one. */
function assertNo401(traffic: PageTraffic, when: string): void {
  assert.equal(traffic.answers.filter((answer) => answer.startsWith('401 ')), [], `${when}: no request answered 401`);
  assert.equal(traffic.console.filter((message) => /\b401\b|Unauthorized/i.test(message)), [], `${when}: the console logged no 401`);
}

/** Asserts a fresh load met no 401 and no request of it failed or was cut off. */
function assertCleanLoad(traffic: PageTraffic, when: string): void {
  assertNo401(traffic, when);
  assert.equal(traffic.answers.filter((answer) => answer.startsWith('failed')), [], `${when}: no request failed`);
}

/** Opens the app in a fresh browser context (no cookie), watching it from its first request. */
async function freshPage(context: AppContext): Promise<{ page: Page; traffic: PageTraffic }> {
  const page = await context.browser.newPage({ viewport: { width: 1400, height: 860 } });
  const traffic: PageTraffic = { console: [], answers: [], errors: [] };
  page.on('console', (message) => traffic.console.push(`${message.type()}: ${message.text()}`));
  page.on('response', (response) => traffic.answers.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`));
  page.on('requestfailed', (request) => traffic.answers.push(`failed (${request.failure()?.errorText}) ${request.method()} ${new URL(request.url()).pathname}`));
  page.on('pageerror', (error) => traffic.errors.push(error.message));
  await page.goto(`${context.app}/#/devices`);
  return { page, traffic };
}

/** Closes a watched page; it must have thrown no error. */
async function closeWatched(page: Page, traffic: PageTraffic): Promise<void> {
  await page.close();
  assert.equal(traffic.errors, [], 'the page threw no error');
}

/** Adds the login tests to a suite. */
export function loginTests(test: Test<LoginContext>): void {
  test('a fresh load asks user_status, shows the login form and meets no 401; nor does logging in or reloading with the cookie', async ({ withLogin }) => {
    const { page, traffic } = await freshPage(withLogin);
    await page.locator('form[aria-label="Log in"]').waitFor();
    const root = new URL(withLogin.app).pathname.replace(/\/$/, '');
    assert.ok(traffic.answers.includes(`200 GET ${root}/system/user_status.json`), `the app asked user_status: ${traffic.answers.join(', ')}`);
    assert.ok(traffic.answers.includes(`200 GET ${root}/session/check_setup_ok`), 'the app asked whether a login is set');
    assertCleanLoad(traffic, 'fresh load');

    await logIn(withLogin, page);
    await page.locator('[data-testid=event-bus]:has-text("live")').waitFor();
    assertNo401(traffic, 'logging in');

    await page.reload();
    await page.locator('[data-testid=who]:has-text("svc")').waitFor();
    assert.is(await page.locator('form[aria-label="Log in"]').count(), 0, 'the cookie holds the session: no login form');
    assertNo401(traffic, 'reloading with the cookie');
    await closeWatched(page, traffic);
  });

  test('first-run setup: the setup form instead of the login form; mismatched and weak passwords refused; a good one is stored 0600 and logs in; a second form is refused after it', async ({ setup }) => {
    const { page, traffic } = await freshPage(setup);
    const form = page.locator('form[aria-label="Set up the admin login"]');
    await form.waitFor();
    assert.is(await page.locator('form[aria-label="Log in"]').count(), 0, 'no login form while no login is set');
    const root = new URL(setup.app).pathname.replace(/\/$/, '');
    assert.ok(traffic.answers.includes(`500 GET ${root}/session/check_setup_ok`), `check_setup_ok said no login is set: ${traffic.answers.join(', ')}`);
    assertCleanLoad(traffic, 'fresh load in setup');
    // A second browser has the setup form open too, and will be late.
    const late = await freshPage(setup);
    const lateForm = late.page.locator('form[aria-label="Set up the admin login"]');
    await lateForm.waitFor();

    const fill = async (target: Locator, user: string, password: string, again: string) => {
      await target.locator('input[name=user]').fill(user);
      await target.locator('input[name=password]').fill(password);
      await target.locator('input[name=password2]').fill(again);
      await target.getByRole('button', { name: 'Set login' }).click();
    };
    await fill(form, 'owner', 'an owner password', 'an owner passwort');
    await form.locator('[role=alert]:has-text("The two passwords differ")').waitFor();
    await fill(form, 'owner', 'short', 'short');
    await form.locator('[role=alert]:text-is("The password is too short: it needs at least 8 characters")').waitFor();
    await fill(form, 'owner', 'an owner password', 'an owner password');
    await page.locator('[data-testid=who]:has-text("owner")').waitFor();
    assertNo401(traffic, 'setting the login');

    await fill(lateForm, 'intruder', 'an intruder password', 'an intruder password');
    await lateForm.locator('[role=alert]:has-text("Login is already configured; the existing login is required")').waitFor();
    await lateForm.getByRole('button', { name: 'Log in with the login that is set' }).click();
    await late.page.locator('form[aria-label="Log in"]').waitFor();
    assertNo401(late.traffic, 'setting a login too late');
    await closeWatched(late.page, late.traffic);

    assert.is(statSync(join(setup.svc.configDir, 'svc_httpd.conf')).mode & 0o777, 0o600);
    const status = await fetch(`${setup.app}/system/status.json`, { headers: { authorization: basicAuth('owner', 'an owner password') } });
    assert.is(status.status, 200, 'the login set in the app works over REST');
    await closeWatched(page, traffic);

    const next = await freshPage(setup);
    await next.page.locator('form[aria-label="Log in"]').waitFor();
    assert.is(await next.page.locator('form[aria-label="Set up the admin login"]').count(), 0, 'once set, a fresh load shows the login form');
    assertCleanLoad(next.traffic, 'fresh load after setup');
    await closeWatched(next.page, next.traffic);
  });
}
