#!/usr/bin/env node
// Checks the house rules that the compiler cannot (issue 32, docs/architecture.md):
//  1. no import cycle spans more than 8 files (type-only imports included), in any package;
//  2. files under packages/core/src/http/ tap no hook but `routes` (they translate HTTP and
//     websocket traffic to calls; features wire themselves in their own folders);
//  3. the hook table in docs/architecture.md lists exactly the hooks of packages/core/src/hooks.ts
//     and run-hooks.ts.
// Prints what it found and exits non-zero on a breach.
// Usage: node scripts/check-house.mjs [repository root, default this script's repository]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const MAX_CYCLE_FILES = 8;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'templates', 'packed']);
const SOURCE = /\.(ts|tsx|mts)$/;

/** Every TypeScript source file under `dir`, tests included (a test can close a cycle too). */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module specifiers a file imports or re-exports, `import type` and `import('...')` types included. */
function specifiers(text) {
  const found = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of code.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm)) found.push(match[1]);
  for (const match of code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) found.push(match[1]);
  for (const match of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]);
  return found;
}

/** The file a relative specifier names (`./a.js` is `./a.ts` in source), or undefined. */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.(m?js|jsx)$/, '.ts'), base.replace(/\.(m?js|jsx)$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile());
}

/** Strongly connected components of the import graph (Tarjan, iterative). */
function components(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const result = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, at] = frame;
      const edges = graph.get(node) ?? [];
      if (at < edges.length) {
        frame[1]++;
        const target = edges[at];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1][0], Math.min(low.get(work[work.length - 1][0]), low.get(node)));
      if (low.get(node) === index.get(node)) {
        const members = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.push(member);
        } while (member !== node);
        if (members.length > 1) result.push(members);
      }
    }
  }
  return result;
}

const failures = [];
const files = ['packages', 'examples'].filter((dir) => existsSync(join(root, dir))).flatMap((dir) => sourceFiles(join(root, dir)));
const graph = new Map(files.map((file) => [file, [...new Set(specifiers(readFileSync(file, 'utf8')).map((specifier) => resolveRelative(file, specifier)).filter(Boolean))]]));
const cycles = components(graph).sort((a, b) => b.length - a.length);
for (const cycle of cycles) {
  const names = cycle.map((file) => relative(root, file)).sort();
  const line = `import cycle of ${cycle.length} files: ${names.join(', ')}`;
  if (cycle.length > MAX_CYCLE_FILES) failures.push(line);
  else console.log(`ok: ${line}`);
}

const httpDir = join(root, 'packages/core/src/http');
for (const file of (existsSync(httpDir) ? sourceFiles(httpDir) : []).filter((path) => !/\.test(-helper)?\.ts$/.test(path))) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\bhooks\.(\w+)(?:\.for\([^)]*\))?\.(?:tap|tapAsync|tapPromise|intercept)\(/g)) {
    if (match[1] !== 'routes') failures.push(`${relative(root, file)} taps hooks.${match[1]}: files under core/src/http only contribute routes; wire the feature in its own folder`);
  }
}

/** The members of `export interface <name>` in a core source file. */
function interfaceMembers(file, name) {
  const body = new RegExp(`export interface ${name}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(readFileSync(join(root, 'packages/core/src', file), 'utf8'))?.[1] ?? '';
  return [...body.matchAll(/^\s*readonly (\w+):/gm)].map((match) => match[1]);
}
const hooks = [...interfaceMembers('hooks.ts', 'Hooks'), ...interfaceMembers('run-hooks.ts', 'RunHooks')];
const docPath = join(root, 'docs/architecture.md');
if (!existsSync(docPath)) failures.push('docs/architecture.md is missing');
else {
  const documented = [...readFileSync(docPath, 'utf8').matchAll(/^\|\s*`(\w+)`\s*\|/gm)].map((match) => match[1]);
  for (const hook of hooks) if (!documented.includes(hook)) failures.push(`docs/architecture.md: the hook table has no row for \`${hook}\` (packages/core/src/hooks.ts)`);
  for (const name of documented) if (!hooks.includes(name)) failures.push(`docs/architecture.md: the hook table lists \`${name}\`, which neither packages/core/src/hooks.ts nor run-hooks.ts has`);
}

for (const failure of failures) console.error(`house check: ${failure}`);
console.log(`house check: ${files.length} files, ${cycles.length} import cycles (largest ${cycles[0]?.length ?? 0} files, at most ${MAX_CYCLE_FILES} allowed), ${hooks.length} hooks; ${failures.length} problem(s)`);
process.exit(failures.length ? 1 : 0);
