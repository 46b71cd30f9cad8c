#!/usr/bin/env node
// Runs every bench/*.bench.ts against the built packages (dist, not source) and prints figures,
// under the node flags `svc` itself runs with.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The young generation `svc` runs with (packages/cli/bin/run.js), so figures are svc's own. */
const SVC_NODE_FLAGS = ['--max-semi-space-size=32'];
const benches = readdirSync(join(root, 'bench')).filter((name) => name.endsWith('.bench.ts')).sort();
let failed = false;
for (const name of benches) {
  console.log(`\n=== bench/${name} (node ${SVC_NODE_FLAGS.join(' ')})`);
  const result = spawnSync(process.execPath, [...SVC_NODE_FLAGS, '--expose-gc', '--import', 'tsx', join(root, 'bench', name)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
