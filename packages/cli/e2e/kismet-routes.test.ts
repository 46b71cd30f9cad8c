/**
 * Every route Kismet 2025-09-R1 registers, against a real `svc start` with every first-party
 * plugin: Kismet's list (`test-data/kismet/kismet-routes.json`, made from its source by the script
 * beside it) and svc's own `/system/routes.json`. Each Kismet route is served, with Kismet's
 * methods, extensions and roles, under svc's spelling, or it is in the table of routes svc does
 * not serve (`docs/kismet-routes.md`); each row of that table is a route svc does not serve, of a
 * PHY svc has no plugin for. The plugin list shows each first-party plugin with its package.
 *
 * How a Kismet route is matched: `kismet` in its path is `svc` (`/logging/kismetdb/...`,
 * `kismetdb_devices`); path parameters match by position, whatever their names; a websocket is
 * its path with `.ws`; a route without an extension list is its whole URL; one that takes any
 * extension (Kismet picks the serializer from it) is served as `.json` or `.cmd`; otherwise
 * each of its extensions. svc must take every method Kismet takes. Roles: Kismet's `admin` passes
 * every route in both, so a route's other roles must be svc's (`WEBGPS` is `webgps`, `ADSB`
 * `adsb`), `admin` alone is `admin`, and a route without a login is `public`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectDataPath, repositoryRoot } from '@svc/core/testing';
import { FIRST_PARTY_PLUGINS } from '../src/first-party-plugins.js';
import { adminGet, startSvc, type SvcProcess } from './svc-process.js';

interface KismetRoute {
  readonly path: string;
  readonly kind: 'http' | 'websocket';
  readonly methods: readonly string[];
  readonly roles: readonly string[];
  readonly login: boolean;
  /** `null`: the path is the whole URL; `[]`: any extension. */
  readonly extensions: readonly string[] | null;
  readonly source: string;
}

interface SvcRoute {
  readonly 'svc.route.methods': string[];
  readonly 'svc.route.urls': string[];
  readonly 'svc.route.role': string;
}

const kismet = JSON.parse(readFileSync(projectDataPath('kismet', 'kismet-routes.json'), 'utf8')) as { count: number; routes: KismetRoute[] };
const table = readFileSync(join(repositoryRoot()!, 'docs', 'kismet-routes.md'), 'utf8');

/** The unserved table's rows: the route as written (methods and path), its PHY and the reason. */
const unserved = [...table.matchAll(/^\| `([A-Z/]+) ([^`]+)` \| ([A-Z0-9.]+) \| (.+) \|$/gm)].map(([, methods, path, phy, why]) => ({ methods: methods!.split('/'), path: path!, phy: phy!, why: why! }));

/** A URL pattern with parameter names dropped and `kismet` spelled `svc`. */
const normalize = (url: string) => url.replace(/:[A-Za-z_]\w*/g, ':').replace(/kismet/g, 'svc');

/** The URLs that serve a Kismet route: each entry is one requirement, met by any of its URLs. */
function wanted(route: KismetRoute): string[][] {
  const base = normalize(route.path);
  if (route.kind === 'websocket') return [[`${base}.ws`]];
  if (route.extensions === null) return [[base]];
  if (route.extensions.length === 0) return [[`${base}.json`, `${base}.cmd`]];
  return route.extensions.map((extension) => [`${base}.${extension}`]);
}

/** The role svc should ask for a Kismet route. */
function svcRole(route: KismetRoute): string {
  if (!route.login) return 'public';
  const others = route.roles.filter((role) => role !== 'admin').map((role) => role.toLowerCase());
  return others.length ? others.sort().join(',') : 'admin';
}

let svc: SvcProcess;
let served: Map<string, { methods: Set<string>; roles: Set<string> }>;
let get: (path: string) => Promise<any>;

test.before(async () => {
  svc = await startSvc();
  get = adminGet(svc);
  served = new Map();
  for (const route of (await get('/system/routes.json')) as SvcRoute[]) {
    for (const url of route['svc.route.urls']) {
      const entry = served.get(normalize(url)) ?? { methods: new Set(), roles: new Set() };
      for (const method of route['svc.route.methods']) entry.methods.add(method);
      entry.roles.add(route['svc.route.role'].split(',').sort().join(','));
      served.set(normalize(url), entry);
    }
  }
});
test.after(async () => {
  assert.is(await svc.stop(), 0, 'svc exits 0 on SIGTERM');
});

/** Why svc does not serve a Kismet route as Kismet does; undefined when it does. */
function problems(route: KismetRoute): string | undefined {
  const found: string[] = [];
  for (const alternatives of wanted(route)) {
    const hit = alternatives.map((url) => served.get(url)).find(Boolean);
    if (!hit) {
      found.push(`no ${alternatives.join(' or ')}`);
      continue;
    }
    for (const method of route.kind === 'websocket' ? ['WS'] : route.methods) if (!hit.methods.has(method)) found.push(`${alternatives[0]} does not take ${method}`);
    if (!hit.roles.has(svcRole(route))) found.push(`${alternatives[0]} asks for ${[...hit.roles].join(' or ')}, not ${svcRole(route)}`);
  }
  return found.length ? found.join('; ') : undefined;
}

test("Kismet's list holds the 119 routes its source registers", () => {
  assert.is(kismet.routes.length, 119);
  assert.is(kismet.count, 119);
});

test('svc runs every first-party plugin', async () => {
  const plugins = (await get('/system/plugins.json')) as Record<string, string>[];
  for (const name of FIRST_PARTY_PLUGINS) assert.is(plugins.find((plugin) => plugin['svc.plugin.name'] === name)?.['svc.plugin.state'], 'applied', name);
});

test("every Kismet route is served with Kismet's methods, extensions and roles, or is in the table of routes svc does not serve", () => {
  const missing = kismet.routes.filter((route) => problems(route) !== undefined && !unserved.some((row) => normalize(row.path) === normalize(route.path)));
  assert.equal(missing.map((route) => `${route.path} (${route.source}): ${problems(route)}`), []);
  const count = kismet.routes.filter((route) => problems(route) === undefined).length;
  assert.is(count, kismet.routes.length - unserved.length, `svc serves ${count} of Kismet's ${kismet.routes.length} routes`);
});

test('each row of the table is a Kismet route svc does not serve, with its methods, of a PHY svc has no plugin for, and says why', async () => {
  assert.ok(unserved.length > 0, 'the table was read');
  const phys = ((await get('/phy/all_phys.json')) as Record<string, string>[]).map((phy) => phy['svc.phy.phy_name']);
  for (const row of unserved) {
    const route = kismet.routes.find((candidate) => candidate.path === row.path);
    assert.ok(route, `${row.path} is one of Kismet's routes`);
    assert.equal(row.methods, [...route!.methods], `${row.path}: Kismet's methods`);
    assert.ok(problems(route!) !== undefined, `${row.path} is served: take it out of the table`);
    assert.not.ok(phys.includes(row.phy), `${row.path}: svc has a ${row.phy} PHY, so it should serve the route`);
    assert.ok(row.why.length > 40, `${row.path}: the row says why`);
  }
});

test("the plugin list shows every first-party plugin with its package's version and description", async () => {
  const listed = (await get('/plugins/all_plugins.json')) as Record<string, string>[];
  for (const name of FIRST_PARTY_PLUGINS) {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot()!, 'packages', name.replace('@svc/', ''), 'package.json'), 'utf8')) as { version: string; description: string };
    const plugin = listed.find((entry) => entry['svc.plugin.name'] === name);
    assert.equal([plugin?.['svc.plugin.version'], plugin?.['svc.plugin.description'], plugin?.['svc.plugin.state']], [manifest.version, manifest.description, 'applied'], name);
  }
  assert.not.ok(listed.some((entry) => entry['svc.plugin.name'].startsWith('@svc/core:')), "the core's own features are not plugins in Kismet's sense");
});

test.run();
