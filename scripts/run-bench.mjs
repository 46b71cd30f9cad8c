#!/usr/bin/env node
// Runs every bench/*.bench.ts against the built packages (dist, not source) and prints figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benches = readdirSync(join(root, 'bench')).filter((name) => name.endsWith('.bench.ts')).sort();
let failed = false;
for (const name of benches) {
  console.log(`\n=== bench/${name}`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'bench', name)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
