import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreDependencySpec, runningCoreDirectory } from './running-core.js';

const work = realpathSync(mkdtempSync(join(tmpdir(), 'svc-running-core-')));
test.after(() => rmSync(work, { recursive: true, force: true }));

/** A project whose node_modules holds @svc/core, installed from `resolved`. */
function projectWithCore(name: string, resolved: string | undefined): string {
  const core = join(work, name, 'node_modules', '@svc', 'core');
  mkdirSync(core, { recursive: true });
  writeFileSync(join(core, 'package.json'), '{"name": "@svc/core", "version": "0.1.0"}');
  const entry = resolved === undefined ? { version: '0.1.0' } : { version: '0.1.0', resolved };
  writeFileSync(join(work, name, 'node_modules', '.package-lock.json'), JSON.stringify({ packages: { 'node_modules/@svc/core': entry } }));
  return core;
}

test('a core npm fetched from a registry is named by range; any other is linked with file:', () => {
  assert.is(coreDependencySpec('^0.1.0', projectWithCore('registry', 'https://registry.npmjs.org/@svc/core/-/core-0.1.0.tgz')), '^0.1.0');
  const tarball = projectWithCore('tarball', 'file:../packed/svc-core-0.1.0.tgz');
  assert.is(coreDependencySpec('^0.1.0', tarball), `file:${tarball}`);
  const unknown = projectWithCore('no-resolved', undefined);
  assert.is(coreDependencySpec('^0.1.0', unknown), `file:${unknown}`);
  const checkout = join(work, 'svc', 'packages', 'core');
  assert.is(coreDependencySpec('^0.1.0', checkout), `file:${checkout}`);
});

test('the running core, in this repository, is the workspace package', () => {
  assert.is(runningCoreDirectory(), realpathSync(new URL('../../../core', import.meta.url).pathname));
});

test.run();
