/**
 * Opening the adapter source: discovery on one adapter through BlueZ on the system D-Bus.
 * BlueZ owns the adapter and shares discovery among its clients, so this takes nothing from the
 * user's own connections: it asks for a discovery session of its own (`SetDiscoveryFilter` with
 * both transports and `DuplicateData` so RSSI updates keep coming, then `StartDiscovery`),
 * watches what BlueZ learns, and stops its session on close (BlueZ also ends it when the
 * connection drops). It never pairs, connects, removes devices or changes the adapter, except
 * powering it on when the definition says `power=true`.
 *
 * Every cause a user can fix gets an error that names it (no bus, no bluetoothd, no adapter,
 * powered off, rfkill); the core re-opens the source after its retry delay, so discovery
 * resumes once the cause is gone (the adapter plugged back in, bluetoothd restarted).
 */
import { createPacketQueue, type Capture, type OpenContext, type SourceDetails } from '@svc/core';
import { Variant } from '@particle/dbus-next';
import { ADAPTER_DETAIL, adapterDetails, rfkillBlock, rfkillDetails } from './adapter-details.js';
import { AdapterWatch } from './adapter-watch.js';
import { ADAPTER_INTERFACE, adapterNames, adapterPath, BLUEZ_SERVICE, bluezObjects, PROPERTIES_INTERFACE, type BluezObjects } from './bluez-objects.js';
import { BusCallError, SystemBus, type BusSignal } from './system-bus.js';
import { rfkillState, sysfsAdapters, type RfkillState } from './sysfs-adapters.js';

/** What to open. */
export interface DiscoveryRequest {
  /** The adapter (`hci0`). */
  readonly adapter: string;
  /** Power the adapter on when it is off (`power=true`). */
  readonly powerOn: boolean;
  /** The system bus address. */
  readonly busAddress: string;
  /** Where sysfs is mounted. */
  readonly sysfsRoot: string;
}

/** Packets kept for a server that is behind; beyond it the newest are dropped and counted. */
const MAX_QUEUED = 8192;

/** An error that puts the source in error and is retried: a plain Error, so the record's reason is the cause alone. */
const openError = (reason: string) => new Error(reason);

/** Opens discovery on the adapter; rejects with the cause when it cannot. */
export async function openBluezDiscovery(request: DiscoveryRequest, context: OpenContext): Promise<Capture> {
  const report = (details: SourceDetails) => context.details?.(details);
  const rfkill = await rfkillState(request.adapter, request.sysfsRoot);
  report(rfkillDetails(rfkill));
  let bus: SystemBus;
  try {
    bus = await SystemBus.connect(request.busAddress);
  } catch (error) {
    throw openError(`${(error as Error).message}; BlueZ is reached over the system D-Bus (is dbus running? DBUS_SYSTEM_BUS_ADDRESS names another bus)`);
  }
  try {
    return await discover(bus, request, rfkill, context, report);
  } catch (error) {
    bus.close();
    throw error;
  }
}

async function discover(bus: SystemBus, request: DiscoveryRequest, rfkill: RfkillState | undefined, context: OpenContext, report: (details: SourceDetails) => void): Promise<Capture> {
  const { adapter } = request;
  const path = adapterPath(adapter);
  const queue = createPacketQueue();
  let dropped = 0;
  let closing = false;
  const fail = (reason: string) => {
    if (!closing) queue.fail(new Error(reason));
  };
  const watch = new AdapterWatch(adapter, path, context.uuid, {
    packet: (packet) => (queue.queued < MAX_QUEUED ? void queue.push(packet) : dropped++),
    details: report,
    fail,
  });
  // Signals that arrive while BlueZ's objects are read wait, so none is lost or read out of order.
  let early: BusSignal[] | undefined = [];
  bus.onSignal((signal) => (early ? early.push(signal) : watch.handle(signal)));
  bus.onLost((error) => fail(error.message));
  for (const rule of watch.matchRules()) await bus.addMatch(rule);

  const objects = await bluezObjects(bus).catch((error: unknown) => {
    throw openError(describeListingError(error, bus.address));
  });
  const properties = objects.get(path)?.get(ADAPTER_INTERFACE);
  if (!properties) throw openError(await describeMissingAdapter(adapter, objects, request.sysfsRoot));
  report(adapterDetails(properties));
  if (properties.Powered !== true) await powerOn(bus, request, rfkill, context, report);
  const inUse = properties.Discovering === true;
  report({ [ADAPTER_DETAIL.inUse]: inUse ? 1 : 0 });
  if (inUse) context.message(`another program is already discovering on ${adapter}; the source shares its discovery`);

  const call = (member: string, signature?: string, body?: unknown[]) => bus.call({ destination: BLUEZ_SERVICE, path, interface: ADAPTER_INTERFACE, member, signature, body });
  await call('SetDiscoveryFilter', 'a{sv}', [{ Transport: new Variant('s', 'auto'), DuplicateData: new Variant('b', true) }]).catch((error: unknown) => {
    throw openError(`BlueZ refused the discovery filter on ${adapter}: ${(error as Error).message}`);
  });
  await call('StartDiscovery').catch((error: unknown) => {
    throw openError(`BlueZ could not start discovery on ${adapter}: ${(error as Error).message}`);
  });
  report({ [ADAPTER_DETAIL.discovering]: 1 });
  watch.load(objects);
  const waiting = early;
  early = undefined;
  for (const signal of waiting) watch.handle(signal);

  return {
    info: { captureInterface: adapter, hardware: hardwareOf(properties), dlt: 0 },
    packets: queue.batches,
    backlog: () => queue.queued,
    dropped: () => dropped,
    async close() {
      closing = true;
      // Ends this source's discovery session only; another program's goes on.
      await call('StopDiscovery').catch((error: unknown) => context.log.debug(`StopDiscovery on ${adapter}: ${(error as Error).message}`));
      bus.close();
      queue.end();
    },
  };
}

/** Powers the adapter on when the definition allows it, else fails saying how to. */
async function powerOn(bus: SystemBus, request: DiscoveryRequest, rfkill: RfkillState | undefined, context: OpenContext, report: (details: SourceDetails) => void): Promise<void> {
  const { adapter } = request;
  const block = rfkillBlock(rfkill);
  if (!request.powerOn) {
    throw openError(`adapter ${adapter} is powered off${block ? ` and ${block}` : ''}: power it on ('bluetoothctl power on'), or add power=true to the source to let svc do it`);
  }
  try {
    await bus.call({ destination: BLUEZ_SERVICE, path: adapterPath(adapter), interface: PROPERTIES_INTERFACE, member: 'Set', signature: 'ssv', body: [ADAPTER_INTERFACE, 'Powered', new Variant('b', true)] });
  } catch (error) {
    throw openError(`could not power on adapter ${adapter}${block ? `, ${block}` : ''}: ${(error as Error).message}`);
  }
  report({ [ADAPTER_DETAIL.powered]: 1 });
  context.message(`powered on adapter ${adapter} (power=true)`);
}

function describeListingError(error: unknown, address: string): string {
  const name = error instanceof BusCallError ? error.errorName : '';
  if (name === 'org.freedesktop.DBus.Error.ServiceUnknown' || name === 'org.freedesktop.DBus.Error.NameHasNoOwner') {
    return `BlueZ is not running: nothing owns org.bluez on the system D-Bus at ${address} (start bluetoothd: 'systemctl start bluetooth')`;
  }
  if (name === 'org.freedesktop.DBus.Error.AccessDenied') return `the system D-Bus at ${address} does not let svc talk to BlueZ: ${(error as Error).message}`;
  return `BlueZ did not list its adapters: ${(error as Error).message}`;
}

async function describeMissingAdapter(adapter: string, objects: BluezObjects, sysfsRoot: string): Promise<string> {
  const known = adapterNames(objects);
  const kernel = (await sysfsAdapters(sysfsRoot)).includes(adapter);
  const others = known.length > 0 ? `BlueZ's adapters: ${known.join(', ')}` : 'BlueZ has no adapter';
  return `no adapter ${adapter} in BlueZ (${others})${kernel ? `; the kernel has ${adapter}, so bluetoothd may still be setting it up` : ''}`;
}

function hardwareOf(adapter: Readonly<Record<string, unknown>>): string {
  const name = typeof adapter.Alias === 'string' ? adapter.Alias : typeof adapter.Name === 'string' ? adapter.Name : '';
  return `BlueZ adapter${typeof adapter.Address === 'string' ? ` ${adapter.Address}` : ''}${name ? ` (${name})` : ''}`;
}
