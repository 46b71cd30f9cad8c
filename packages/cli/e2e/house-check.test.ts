/**
 * `scripts/check-house.mjs`, which CI runs before the tests: it passes on this repository, and
 * on a tree made to breach each rule it fails naming the breach (a cycle of nine files, a tap of
 * a run hook under core/src/http, a hook missing from docs/architecture.md's table).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = join(root, 'scripts/check-house.mjs');

function check(tree: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [script, tree], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A copy of the hook table and its document, the least a tree needs to pass. */
function minimalTree(): string {
  const tree = mkdtempSync(join(tmpdir(), 'svc-house-'));
  for (const path of ['packages/core/src/hooks.ts', 'packages/core/src/run-hooks.ts', 'docs/architecture.md']) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    cpSync(join(root, path), join(tree, path));
  }
  return tree;
}

function write(tree: string, path: string, text: string): void {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
}

test('this repository passes', () => {
  const { status, output } = check(root);
  assert.is(status, 0, output);
  assert.match(output, /0 problem\(s\)/);
});

test('a cycle of eight files passes and one of nine fails, type-only imports included', () => {
  const tree = minimalTree();
  try {
    const ring = (prefix: string, size: number) => {
      for (let index = 0; index < size; index++) write(tree, `packages/demo/src/${prefix}${index}.ts`, `import type { T${(index + 1) % size} } from './${prefix}${(index + 1) % size}.js';\nexport type T${index} = T${(index + 1) % size};\n`);
    };
    ring('eight', 8);
    let result = check(tree);
    assert.is(result.status, 0, result.output);
    assert.match(result.output, /ok: import cycle of 8 files/);
    ring('nine', 9);
    result = check(tree);
    assert.is(result.status, 1, result.output);
    assert.match(result.output, /house check: import cycle of 9 files: packages\/demo\/src\/nine0\.ts/);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
});

test('a run-phase tap under core/src/http fails; a routes tap passes', () => {
  const tree = minimalTree();
  try {
    write(tree, 'packages/core/src/http/routes/fine.ts', "svc.hooks.routes.tap('x', (routes) => routes.http(route));\n");
    assert.is(check(tree).status, 0);
    write(tree, 'packages/core/src/http/routes/wired.ts', "svc.hooks.packet.for('track').tap({ name: 'x', stage: 1 }, (packet) => count(packet));\n");
    const result = check(tree);
    assert.is(result.status, 1, result.output);
    assert.match(result.output, /packages\/core\/src\/http\/routes\/wired\.ts taps hooks\.packet/);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
});

test('the hook table of docs/architecture.md must list every hook, and no other', () => {
  const tree = minimalTree();
  try {
    const doc = join(tree, 'docs/architecture.md');
    const original = readFileSync(doc, 'utf8');
    writeFileSync(doc, original.replace(/^\| `alertRaised` \|.*\n/m, ''));
    let result = check(tree);
    assert.is(result.status, 1, result.output);
    assert.match(result.output, /no row for `alertRaised`/);
    writeFileSync(doc, original.replace('| `ready` |', '| `started` | lifecycle | | nobody |\n| `ready` |'));
    result = check(tree);
    assert.is(result.status, 1, result.output);
    assert.match(result.output, /lists `started`/);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
});

test.run();
