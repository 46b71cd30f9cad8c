/**
 * A connection to the system D-Bus for the adapter source, over `dbus-next`. The library leaves
 * three things to its user that a server cannot leave: a method call whose reply never comes
 * (the bus or the peer gone) never settles, a closed socket is not reported until the next
 * write, and an `error` event without a listener throws. So every call here has a deadline and
 * fails at once when the connection is lost, a ping to the bus every few seconds notices a bus
 * that went away, and each failure is reported once, as an `Error` that names the bus address.
 */
import { Message, MessageType, sessionBus, type MessageBus } from '@particle/dbus-next';

/** Where libdbus finds the system bus when `DBUS_SYSTEM_BUS_ADDRESS` is not set. */
export const DEFAULT_SYSTEM_BUS_ADDRESS = 'unix:path=/var/run/dbus/system_bus_socket';

/** How long a method call may take (BlueZ answers in milliseconds). */
const CALL_TIMEOUT_MS = 5000;
/** How often the bus is pinged to notice that it went away. */
const PING_INTERVAL_MS = 2000;

const BUS_NAME = 'org.freedesktop.DBus';
const BUS_PATH = '/org/freedesktop/DBus';

/** The system bus address, as libdbus finds it. */
export function systemBusAddress(env: NodeJS.ProcessEnv = process.env): string {
  return env.DBUS_SYSTEM_BUS_ADDRESS || DEFAULT_SYSTEM_BUS_ADDRESS;
}

/** A method call: where it goes and what it carries. */
export interface BusCall {
  readonly destination: string;
  readonly path: string;
  readonly interface: string;
  readonly member: string;
  readonly signature?: string;
  readonly body?: readonly unknown[];
}

/** A signal received. */
export interface BusSignal {
  /** The sender's unique name (`:1.42`). */
  readonly sender: string;
  readonly path: string;
  readonly interface: string;
  readonly member: string;
  readonly body: readonly unknown[];
}

/** The error a peer answered with (`org.bluez.Error.NotReady`), and its text. */
export class BusCallError extends Error {
  constructor(
    /** The D-Bus error name. */
    readonly errorName: string,
    text: string,
  ) {
    super(`${errorName}: ${text}`);
    this.name = 'BusCallError';
  }
}

/** An open connection to the system bus. */
export class SystemBus {
  readonly #bus: MessageBus;
  readonly #pending = new Set<(error: Error) => void>();
  readonly #lostListeners: ((error: Error) => void)[] = [];
  #failure: Error | undefined;
  #pinger: NodeJS.Timeout | undefined;

  private constructor(
    bus: MessageBus,
    /** The address connected to, for messages. */
    readonly address: string,
  ) {
    this.#bus = bus;
    bus.on('error', (error: unknown) => this.#lose(`lost the system D-Bus at ${address}: ${reasonOf(error)}`));
    this.#pinger = setInterval(() => {
      this.call({ destination: BUS_NAME, path: BUS_PATH, interface: 'org.freedesktop.DBus.Peer', member: 'Ping' }).catch((error: unknown) =>
        this.#lose(`lost the system D-Bus at ${address}: ${reasonOf(error)}`),
      );
    }, PING_INTERVAL_MS);
    this.#pinger.unref();
  }

  /** Connects to the bus at `address` and says hello; rejects, naming the address, when it cannot. */
  static async connect(address: string): Promise<SystemBus> {
    let bus: MessageBus;
    try {
      // dbus-next's session bus client is its generic one: it connects to the address it is given.
      bus = sessionBus({ busAddress: address });
    } catch (error) {
      throw new Error(`cannot use the system D-Bus address '${address}': ${reasonOf(error)}`);
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`no answer within ${CALL_TIMEOUT_MS / 1000} s`)), CALL_TIMEOUT_MS);
      const fail = (error: unknown) => {
        clearTimeout(timer);
        bus.removeAllListeners('connect');
        // Later errors of the abandoned connection must find a listener.
        bus.removeAllListeners('error').on('error', () => {});
        bus.disconnect();
        reject(new Error(`cannot reach the system D-Bus at ${address}: ${reasonOf(error)}`));
      };
      bus.once('error', fail);
      bus.once('connect', () => {
        clearTimeout(timer);
        bus.removeListener('error', fail);
        resolve();
      });
    });
    return new SystemBus(bus, address);
  }

  /** Calls a method and resolves with the reply's body; rejects on an error reply, the deadline or a lost bus. */
  call(call: BusCall): Promise<unknown[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    const message = new Message({ ...call, body: call.body ? [...call.body] : [] });
    return new Promise<unknown[]>((resolve, reject) => {
      const settle = (error: Error | undefined, body?: unknown[]) => {
        clearTimeout(timer);
        this.#pending.delete(abort);
        if (error) reject(error);
        else resolve(body ?? []);
      };
      const abort = (error: Error) => settle(error);
      const timer = setTimeout(() => settle(new Error(`${call.interface}.${call.member} on ${call.destination} got no answer within ${CALL_TIMEOUT_MS / 1000} s`)), CALL_TIMEOUT_MS);
      this.#pending.add(abort);
      this.#bus.call(message).then(
        (reply) => settle(undefined, reply?.body ?? []),
        (error: unknown) => settle(asCallError(error)),
      );
    });
  }

  /** Asks the bus to deliver the signals a match rule describes. */
  async addMatch(rule: string): Promise<void> {
    await this.call({ destination: BUS_NAME, path: BUS_PATH, interface: BUS_NAME, member: 'AddMatch', signature: 's', body: [rule] });
  }

  /** Calls `listener` with every signal delivered; a listener that throws is reported as a lost connection. */
  onSignal(listener: (signal: BusSignal) => void): void {
    this.#bus.on('message', (message: Message) => {
      if (message.type !== MessageType.SIGNAL || this.#failure) return;
      try {
        listener({ sender: message.sender, path: message.path, interface: message.interface, member: message.member, body: message.body });
      } catch (error) {
        this.#lose(`a signal from ${message.sender} (${message.interface}.${message.member}) could not be handled: ${reasonOf(error)}`);
      }
    });
  }

  /** Calls `listener` once when the connection is lost (not when it is closed). */
  onLost(listener: (error: Error) => void): void {
    this.#lostListeners.push(listener);
  }

  /** Closes the connection; pending calls fail. */
  close(): void {
    if (!this.#failure) this.#failure = new Error(`the connection to the system D-Bus at ${this.address} was closed`);
    this.#stop(this.#failure);
  }

  #lose(reason: string): void {
    if (this.#failure) return;
    this.#failure = new Error(reason);
    this.#stop(this.#failure);
    for (const listener of this.#lostListeners) listener(this.#failure);
  }

  #stop(error: Error): void {
    clearInterval(this.#pinger);
    for (const abort of [...this.#pending]) abort(error);
    this.#bus.disconnect();
  }
}

function asCallError(error: unknown): Error {
  if (error instanceof Error && typeof (error as { type?: unknown }).type === 'string') return new BusCallError((error as Error & { type: string }).type, error.message);
  return error instanceof Error ? error : new Error(String(error));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
