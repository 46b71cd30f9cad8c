#!/usr/bin/env node
// Runs every workspace's uvu tests (files named *.test.ts, through tsx, with the `svc-source`
// export condition so workspace packages are tested from source) and ends with one line
// `N passed, N failed, N skipped`. Exits non-zero on any failure or when no test ran, and, when
// SVC_REQUIRE_REAL_DATA=1 (CI), on any skipped test.
// Usage: node scripts/run-tests.mjs [workspace-dir ...]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const uvu = join(root, 'node_modules', 'uvu', 'bin.js');
// A bound against hangs, not a speed target: the CLI's end-to-end tests, most of CI's time, need room on a loaded machine.
const perPackageTimeoutMs = 20 * 60 * 1000;

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'templates']);

function workspaces() {
  const { workspaces: patterns } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return patterns
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
        : [pattern],
    )
    .filter((dir) => existsSync(join(root, dir, 'package.json')));
}

function hasTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory() ? !SKIPPED_DIRS.has(entry.name) && hasTests(join(dir, entry.name)) : entry.name.endsWith('.test.ts'),
  );
}

function runPackage(dir) {
  return new Promise((resolve) => {
    const cwd = join(root, dir);
    const child = spawn(
      process.execPath,
      ['--conditions=svc-source', '--import', 'tsx', uvu, '.', '\\.test\\.ts$', '-i', 'node_modules', '-i', 'dist', '-i', 'templates'],
      { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    const timer = setTimeout(() => {
      console.error(`\n${dir}: tests did not finish within ${perPackageTimeoutMs / 60000} minutes; stopping them`);
      child.kill('SIGKILL');
    }, perPackageTimeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const count = (label) => Number(/* uvu prints e.g. "  Total:     12" */ new RegExp(`${label}:\\s+(\\d+)`).exec(output)?.[1] ?? 0);
      const total = count('Total');
      const passed = count('Passed');
      const skipped = count('Skipped');
      // uvu counts skipped tests apart from its total.
      let failed = total - passed;
      if (code !== 0 && failed === 0) failed = 1; // crashed or hung before its summary
      resolve({ dir, total, passed, failed, skipped });
    });
  });
}

const selected = process.argv.slice(2);
const dirs = (selected.length ? selected.map((dir) => relative(root, join(process.cwd(), dir))) : workspaces()).filter((dir) =>
  hasTests(join(root, dir)),
);
const results = [];
for (const dir of dirs) {
  console.log(`\n=== ${dir}`);
  results.push(await runPackage(dir));
}
const sum = (key) => results.reduce((total, result) => total + result[key], 0);
console.log('');
for (const result of results) console.log(`${result.dir}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
const passed = sum('passed');
const failed = sum('failed');
const skipped = sum('skipped');
const skipsFail = skipped > 0 && process.env.SVC_REQUIRE_REAL_DATA === '1';
if (skipsFail) console.log(`SVC_REQUIRE_REAL_DATA=1: the ${skipped} skipped tests count as failures`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 || skipsFail ? 1 : 0);
