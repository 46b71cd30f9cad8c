import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { hasExited, stopProcess } from './stop-process.js';

const sleeper = (script: string) => spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
const started = (child: ReturnType<typeof spawn>) => new Promise((resolve) => child.once('spawn', resolve));

test('a running child is stopped with the signal given', async () => {
  const child = sleeper('setTimeout(() => {}, 60000)');
  await started(child);
  await stopProcess(child);
  assert.is(child.signalCode, 'SIGTERM');
});

test('a child already killed by a signal is not waited for again', async () => {
  const child = sleeper('setTimeout(() => {}, 60000)');
  await started(child);
  await stopProcess(child, 'SIGKILL');
  assert.ok(hasExited(child));
  assert.is(child.exitCode, null, 'no exit code: it died of a signal');
  await stopProcess(child); // would hang before: the exit event has fired already
});

test('a child that ignores SIGTERM is killed after the grace period', async () => {
  const child = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); console.log('ignoring'); setTimeout(() => {}, 60000)"], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise((resolve) => child.stdout!.once('data', resolve)); // its SIGTERM handler is in place
  await stopProcess(child, 'SIGTERM', 200);
  assert.is(child.signalCode, 'SIGKILL');
});

test.run();
