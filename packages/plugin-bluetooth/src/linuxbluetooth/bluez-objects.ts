/**
 * BlueZ's object tree as the adapter source reads it: the names BlueZ exports on the system bus
 * (`org.bluez`, `/org/bluez/hci0`, `org.bluez.Adapter1`, `org.bluez.Device1`), and its
 * properties turned from D-Bus variants into plain values (a variant's value, byte arrays as
 * Buffers, dictionaries as objects), so the rest of the source reads `props.RSSI`, not a
 * signature tree.
 */
import { Variant } from '@particle/dbus-next';
import type { SystemBus } from './system-bus.js';

/** BlueZ's well-known name on the system bus. */
export const BLUEZ_SERVICE = 'org.bluez';
/** The adapter interface. */
export const ADAPTER_INTERFACE = 'org.bluez.Adapter1';
/** The remote device interface. */
export const DEVICE_INTERFACE = 'org.bluez.Device1';
/** The standard interface BlueZ lists its objects with, at `/`. */
export const OBJECT_MANAGER_INTERFACE = 'org.freedesktop.DBus.ObjectManager';
/** The standard properties interface. */
export const PROPERTIES_INTERFACE = 'org.freedesktop.DBus.Properties';

/** One interface's properties, as plain values. */
export type BluezProperties = Record<string, unknown>;

/** Every object BlueZ exports: object path to interface name to properties. */
export type BluezObjects = Map<string, Map<string, BluezProperties>>;

/** The object path of an adapter (`/org/bluez/hci0`). */
export function adapterPath(adapter: string): string {
  return `/org/bluez/${adapter}`;
}

/** The adapter name of an adapter's object path (`hci0`), or undefined for any other path. */
export function adapterNameOf(path: string): string | undefined {
  return /^\/org\/bluez\/(hci\d+)$/.exec(path)?.[1];
}

/** A D-Bus value with its variants unwrapped, all the way down. */
export function plainValue(value: unknown): unknown {
  if (value instanceof Variant) return plainValue(value.value);
  if (Buffer.isBuffer(value) || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(plainValue);
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, plainValue(entry)]));
}

/** An `a{sa{sv}}` (interfaces and their properties) as a map of plain properties. */
export function readInterfaces(value: unknown): Map<string, BluezProperties> {
  const interfaces = new Map<string, BluezProperties>();
  if (value === null || typeof value !== 'object') return interfaces;
  for (const [name, properties] of Object.entries(value)) interfaces.set(name, (plainValue(properties) ?? {}) as BluezProperties);
  return interfaces;
}

/** Every object BlueZ exports, from `ObjectManager.GetManagedObjects` at `/`. */
export async function bluezObjects(bus: SystemBus): Promise<BluezObjects> {
  const [tree] = await bus.call({ destination: BLUEZ_SERVICE, path: '/', interface: OBJECT_MANAGER_INTERFACE, member: 'GetManagedObjects' });
  const objects: BluezObjects = new Map();
  for (const [path, interfaces] of Object.entries((tree ?? {}) as Record<string, unknown>)) objects.set(path, readInterfaces(interfaces));
  return objects;
}

/** The names of the adapters among BlueZ's objects, in order. */
export function adapterNames(objects: BluezObjects): string[] {
  return [...objects]
    .filter(([, interfaces]) => interfaces.has(ADAPTER_INTERFACE))
    .map(([path]) => adapterNameOf(path))
    .filter((name): name is string => name !== undefined)
    .sort(byAdapterNumber);
}

/** Orders adapter names by their number (hci2 before hci10). */
export function byAdapterNumber(a: string, b: string): number {
  return Number(a.slice(3)) - Number(b.slice(3));
}
