#!/usr/bin/env node
// `npm start`: builds svc with its output kept back (shown only if the build fails), then runs
// `svc start` with the arguments given here (the demo's `-c` in package.json, then anything
// after `--`), so the first thing a newcomer reads is where svc listens and how to log in.
// Usage: node scripts/start-demo.mjs [svc start arguments...]
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
process.stdout.write('building svc (npm run build) ... ');
const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
if (build.status !== 0) {
  process.stdout.write('failed:\n');
  process.stdout.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  process.exit(build.status ?? 1);
}
process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

// The program itself (not node on it), so svc runs with its own node flags.
const svc = spawn(join(root, 'packages', 'cli', 'bin', 'run.js'), ['start', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches svc from the terminal itself (one process group); a SIGTERM sent to this
// process alone is passed on. Either way this process waits for svc's graceful stop.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => svc.kill('SIGTERM'));
svc.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
