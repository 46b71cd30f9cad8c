/**
 * A scripted `org.bluez` on a private bus, for the adapter source's tests where no real
 * bluetoothd can run (it needs the kernel's Bluetooth sockets): a child process that exports
 * BlueZ's object tree with dbus-next (bluez-stand-in-process.test-helper.ts), driven from the
 * test over IPC. It stands beside the tests on real captures, never instead of them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopProcess } from '@svc/core/testing';

/** Properties as JSON: byte arrays (AdvertisingFlags, ManufacturerData and ServiceData values) as hex. */
export type StandInProperties = Record<string, unknown>;

/** What the test can make the stand-in do. */
export type StandInCommand =
  | { op: 'own' }
  | { op: 'release' }
  | { op: 'addAdapter'; adapter: string; properties?: StandInProperties }
  | { op: 'setAdapter'; adapter: string; properties: StandInProperties }
  | { op: 'otherDiscovers'; adapter: string }
  | { op: 'removeAdapter'; adapter: string }
  | { op: 'addDevice'; adapter: string; address: string; properties: StandInProperties }
  | { op: 'changeDevice'; adapter: string; address: string; properties: StandInProperties }
  | { op: 'calls' };

/** A method call the stand-in received. */
export interface StandInCall {
  readonly member: string;
  readonly path: string;
  readonly sender: string;
  readonly body: unknown;
}

/** The running stand-in. */
export interface BluezStandIn {
  /** Runs a command; resolves once the stand-in has sent what it caused. */
  run(command: StandInCommand): Promise<unknown>;
  /** The method calls received so far. */
  calls(): Promise<StandInCall[]>;
  /** Ends the process (its name and objects leave the bus). */
  stop(): Promise<void>;
}

/** Starts the stand-in on the bus at `address`, owning `org.bluez`. */
export async function startBluezStandIn(address: string): Promise<BluezStandIn> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./bluez-stand-in-process.test-helper.ts', import.meta.url)), {
    env: { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: address },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 1;
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) return resolve();
      const pending = waiting.get(message.id!);
      waiting.delete(message.id!);
      if (message.error) pending?.reject(new Error(message.error));
      else pending?.resolve(message.result);
    });
    child.once('exit', (code) => reject(new Error(`the BlueZ stand-in exited with ${code}`)));
  });
  const run = (command: StandInCommand) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, command });
    });
  await run({ op: 'own' });
  return {
    run,
    calls: async () => (await run({ op: 'calls' })) as StandInCall[],
    stop: () => stopProcess(child),
  };
}
