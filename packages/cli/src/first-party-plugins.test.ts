/**
 * Plugins meet only through hooks: each first-party plugin declares its dependencies (in its
 * definition, as the loader orders and checks them), and the code it ships imports no other
 * svc package than the core and those it declares, each also a dependency in its package.json.
 * Tests and test helpers may use other plugins (devDependencies) to check the plugins together.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginDefinition } from '@svc/core';
import { FIRST_PARTY_PLUGINS } from './first-party-plugins.js';

/** The workspace's packages, as npm links them. */
const linked = fileURLToPath(new URL('../../../node_modules/', import.meta.url));

/** The package's shipped source files: every `.ts` and `.tsx` under `src` but tests and test helpers. */
function shippedSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return shippedSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-helper)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The svc packages a file imports (static or dynamic imports, re-exports), by package name. */
function svcImports(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(@svc\/[^/']+)/g)].map((match) => match[1]!);
}

for (const name of FIRST_PARTY_PLUGINS) {
  test(`${name} declares its dependencies and imports no plugin it does not declare`, async () => {
    const directory = realpathSync(join(linked, name));
    const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const definition = ((await import(name)) as { default: PluginDefinition }).default;
    assert.ok(Array.isArray(definition.dependencies), `${name} declares dependencies (an empty list when it has none)`);
    const declared = new Set(definition.dependencies);
    const allowed = new Set(['@svc/core', name, ...declared]);
    for (const file of shippedSources(join(directory, 'src'))) {
      for (const imported of svcImports(file)) assert.ok(allowed.has(imported), `${file} imports ${imported}, which ${name} does not declare as a dependency`);
    }
    for (const dependency of declared) assert.ok(manifest.dependencies?.[dependency], `${dependency} is a dependency in ${name}'s package.json`);
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      if (FIRST_PARTY_PLUGINS.includes(dependency as (typeof FIRST_PARTY_PLUGINS)[number])) assert.ok(declared.has(dependency), `${name}'s package.json needs ${dependency}, which its definition does not declare`);
    }
  });
}

test.run();
