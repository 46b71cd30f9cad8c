/**
 * A real `dbus-daemon` (Debian `dbus`) on a unix socket in a temporary directory, with a
 * configuration of its own that lets any local client own any name and call anything: the
 * system bus of the adapter source's tests. It can be stopped and started again on the same
 * socket, as a system bus that restarts would be.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stopProcess } from '@svc/core/testing';

const config = (socket: string) => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
  </policy>
</busconfig>
`;

/** A private bus. */
export interface PrivateBus {
  /** Its address, as DBUS_SYSTEM_BUS_ADDRESS takes it. */
  readonly address: string;
  /** Stops the daemon (every client loses the bus); SIGKILL leaves its clients no goodbye. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the daemon again on the same socket. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

/** Starts a private bus. */
export async function startPrivateBus(): Promise<PrivateBus> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-dbus-'));
  const configPath = join(dir, 'bus.conf');
  const socket = join(dir, 'system_bus_socket');
  writeFileSync(configPath, config(socket));
  const address = `unix:path=${socket}`;
  let daemon: ChildProcess | undefined;

  const start = async () => {
    // A killed daemon leaves its socket behind.
    rmSync(socket, { force: true });
    const child = spawn('dbus-daemon', [`--config-file=${configPath}`, '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    daemon = child;
    // A test process that ends without disposing of the bus takes its daemon with it.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.removeListener('exit', killOnExit));
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      // The daemon prints its address once it listens.
      createInterface({ input: child.stdout! }).once('line', () => resolve());
      child.once('error', (error) => reject(new Error(`dbus-daemon did not start (install the Debian package dbus): ${error.message}`)));
      child.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}: ${errors}`)));
    });
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const child = daemon;
    daemon = undefined;
    if (child) await stopProcess(child, signal);
  };
  await start();
  return {
    address,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
