/**
 * Stopping the real helper processes tests start (brokers, daemons, socat, subscribers) without
 * ever hanging: a child that has already exited, by a code or by a signal, is left alone (its
 * `exit` event will not fire again), and one that ignores the polite signal is killed after a
 * grace period, so a test's `after` always returns.
 */
import type { ChildProcess } from 'node:child_process';

/** Whether a child process has exited, by an exit code or by a signal. */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Sends `signal` (default SIGTERM) and waits for the exit; SIGKILL after `graceMs` (default 5 000). */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const grace = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(grace);
}
