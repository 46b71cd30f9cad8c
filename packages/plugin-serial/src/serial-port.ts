/**
 * Opening a serial device and noticing when it goes away, shared by serial captures and serial
 * GPS receivers. Open failures are worded for the user (missing device, permissions, in use).
 * A vanished device is noticed by the port closing, or by its device node disappearing: the
 * port notices only while a read is pending, so a device unplugged before it sent a byte would
 * otherwise go unnoticed. The `serialport` package (a native binding) is an optional
 * dependency loaded on first use: without it svc runs and only serial sources say what to install.
 */
import { access } from 'node:fs/promises';
import { importOptional, SvcError, type ErrorCode } from '@svc/core';

/**
 * What svc uses of an open `serialport` port, declared here so that type-checking svc does not
 * need the optional package installed.
 */
export interface SerialPort {
  readonly isOpen: boolean;
  open(callback: (error: Error | null) => void): void;
  close(callback?: (error: Error | null) => void): void;
  set(options: { rts?: boolean; dtr?: boolean }, callback?: (error: Error | null) => void): void;
  write(data: Buffer | string, callback?: (error: Error | null | undefined) => void): boolean;
  pause(): this;
  resume(): this;
  isPaused(): boolean;
  on(event: 'data', listener: (chunk: Buffer) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'close', listener: () => void): this;
}

/** The `serialport` constructor svc calls. */
type SerialPortClass = new (options: { path: string; baudRate: number; autoOpen: boolean }) => SerialPort;

/** The package name, in a variable so neither TypeScript nor the bundler resolves it. */
const SERIALPORT_PACKAGE = 'serialport';

let serialPortClass: Promise<SerialPortClass> | undefined;

/** The SerialPort class, loaded once; rejects with what to install when the binding is missing or broken. */
function loadSerialPort(): Promise<SerialPortClass> {
  serialPortClass ??= importOptional(async () => ((await import(SERIALPORT_PACKAGE)) as { SerialPort: SerialPortClass }).SerialPort, {
    module: 'serialport',
    neededFor: 'a serial source or serial GPS receiver',
    remedy: 'npm install serialport in the directory svc is installed in (its binary ships for Linux on x64 and arm; elsewhere it needs g++, make and python3)',
  });
  return serialPortClass;
}

/** How often the device node is checked. */
const PRESENCE_CHECK_MS = 1000;

/** Why a port would not open, in words a user can act on. */
function openFailure(device: string, error: Error, code: ErrorCode): SvcError {
  const text = error.message;
  let reason: string;
  if (/No such file or directory|ENOENT/i.test(text)) reason = `serial device ${device} does not exist (unplugged, or a different name?)`;
  else if (/Permission denied|EACCES/i.test(text)) reason = `permission denied on ${device} (run svc as root or add its user to the dialout group)`;
  else if (/busy|locked|EBUSY/i.test(text)) reason = `${device} is in use by another program`;
  else reason = `cannot open serial device ${device}: ${text}`;
  return new SvcError(code, reason, { cause: error });
}

/** Opens `device` at `baudRate`; rejects with an `SvcError` of `code` saying why it could not. */
export async function openSerialPort(device: string, baudRate: number, code: ErrorCode): Promise<SerialPort> {
  const Port = await loadSerialPort();
  const port = new Port({ path: device, baudRate, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(openFailure(device, error, code)) : resolve())));
  return port;
}

/**
 * Calls `gone` once when the open port's device goes away (the port closed without `close()`
 * being asked for, or the node vanished; the port is then closed). Returns `close`, which
 * closes the port on purpose, without calling `gone`.
 */
export function watchSerialPort(port: SerialPort, device: string, gone: () => void): { close(): Promise<void> } {
  let closing = false;
  let reported = false;
  const report = () => {
    clearInterval(presence);
    if (closing || reported) return;
    reported = true;
    gone();
  };
  port.on('close', report);
  const presence = setInterval(() => {
    access(device).catch(() => {
      if (closing) return;
      report();
      port.close(() => {});
    });
  }, PRESENCE_CHECK_MS);
  presence.unref();
  return {
    async close() {
      closing = true;
      clearInterval(presence);
      if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    },
  };
}
