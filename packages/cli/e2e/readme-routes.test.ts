/**
 * The README's route tables (headed `| route | role | what |`) list every route a real `svc start` with every first-party plugin
 * serves (`/system/routes.json`), each in a row whose role column names the role it needs, and
 * every route a row names with a method is served.
 *
 * How the README writes routes: a row's first cell holds backticked paths, each optionally after
 * its methods (`GET/POST /gps/all_gps.json`, `WS /eventbus/events.ws`); a later name without a
 * slash in the same cell is a sibling of the path before it (`/alerts/raise_alert.cmd`,
 * `raise_alerts.cmd`), taking its extension when it has none; `<name>` and `{NAME}` are path
 * parameters. The role column holds the roles (`readonly`, `admin`, `any`, `public`, ...).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '@svc/core/testing';
import { adminGet, startSvc, type SvcProcess } from './svc-process.js';

interface SvcRoute {
  readonly 'svc.route.methods': string[];
  readonly 'svc.route.urls': string[];
  readonly 'svc.route.role': string;
}

/** A README route: its URL, whether the README gave its methods, and its row's role cell. */
interface ListedRoute {
  readonly url: string;
  readonly withMethods: boolean;
  readonly roles: string;
}

/** A URL pattern with its parameters, however written, as `*`. */
const normalize = (url: string) => url.replace(/:[A-Za-z_]\w*|<[^>]+>|\{[^}]+\}/g, '*');

/** The header of the README's route tables. */
const ROUTE_TABLE_HEADER = '| route | role | what |';

/** The rows of the README's route tables: the lines after each header up to the table's end. */
function routeTableRows(readme: string): string[] {
  const rows: string[] = [];
  let inTable = false;
  for (const line of readme.split('\n')) {
    if (line === ROUTE_TABLE_HEADER) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable) rows.push(line);
  }
  return rows;
}

/** The routes the README's route tables name, keyed by normalized URL. */
function readmeRoutes(readme: string): Map<string, ListedRoute> {
  const listed = new Map<string, ListedRoute>();
  for (const line of routeTableRows(readme)) {
    const row = /^\| (.+?) \| (.+?) \| .*\|$/.exec(line);
    if (!row) continue;
    const [, routes, roles] = row as unknown as [string, string, string];
    let previous: string | undefined;
    for (const [, token] of routes.matchAll(/`([^`]+)`/g)) {
      const methods = /^[A-Z]+(?:\/[A-Z]+)*\s+/.exec(token!);
      const path = token!.slice(methods?.[0].length ?? 0);
      let url: string | undefined;
      if (path.startsWith('/')) url = path;
      else if (previous && /^[\w-]+(?:\.[\w.]+)?$/.test(path)) url = previous.replace(/[^/]*$/, '') + (path.includes('.') ? path : path + (/\.[a-z]+$/.exec(previous)?.[0] ?? ''));
      if (!url) continue;
      previous = url;
      listed.set(normalize(url), { url, withMethods: methods !== null, roles });
    }
  }
  return listed;
}

let svc: SvcProcess;
let served: SvcRoute[];
const listed = readmeRoutes(readFileSync(join(repositoryRoot()!, 'README.md'), 'utf8'));

test.before(async () => {
  svc = await startSvc();
  served = (await adminGet(svc)('/system/routes.json')) as SvcRoute[];
});
test.after(async () => {
  assert.is(await svc.stop(), 0, 'svc exits 0 on SIGTERM');
});

test('the README was read: its tables name routes with their roles', () => {
  assert.ok(listed.size > 100, `${listed.size} routes read`);
  assert.is(listed.get(normalize('/system/status.json'))?.roles, 'readonly');
  assert.is(listed.get(normalize('/alerts/raise_alerts.cmd'))?.roles, 'admin', 'a sibling name is read as a route');
});

test('every served route is in a README row that names its role', () => {
  const problems: string[] = [];
  for (const route of served) {
    const urls = route['svc.route.urls'];
    const row = urls.map((url) => listed.get(normalize(url))).find(Boolean);
    if (!row) problems.push(`${urls[0]} (${route['svc.route.role']}) is not in the README's tables`);
    else for (const role of route['svc.route.role'].split(',')) if (!new RegExp(`\\b${role}\\b`).test(row.roles)) problems.push(`${row.url}: its row's role column '${row.roles}' does not name ${role}`);
  }
  assert.equal(problems, []);
});

test('every route a README row names with its methods is served', () => {
  const urls = new Set(served.flatMap((route) => route['svc.route.urls'].map(normalize)));
  const unserved = [...listed.entries()].filter(([url, route]) => route.withMethods && !urls.has(url)).map(([, route]) => route.url);
  assert.equal(unserved, []);
});

test.run();
