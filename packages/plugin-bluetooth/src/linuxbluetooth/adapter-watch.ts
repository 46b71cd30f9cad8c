/**
 * What happens under one adapter while the source discovers, from BlueZ's signals: a device
 * object appearing (`InterfacesAdded`) or a property BlueZ changes when it hears the device
 * again (`PropertiesChanged` of RSSI, name, advertising data) becomes one packet carrying the
 * device's `linuxbthci` record and, when BlueZ gave an RSSI with it, the signal; the adapter's
 * own changes update the source record; and what ends the capture (the adapter removed or
 * powered off, bluetoothd gone) is reported once, with its cause.
 */
import type { Packet } from '@svc/core';
import { ADAPTER_CHANNEL, ADAPTER_FREQ_KHZ } from '../hci/bluetooth-report.js';
import { LINUXBTHCI_RECORD_TYPE } from '../hci/linuxbthci-record.js';
import { adapterDetails } from './adapter-details.js';
import { ADAPTER_INTERFACE, BLUEZ_SERVICE, DEVICE_INTERFACE, OBJECT_MANAGER_INTERFACE, plainValue, PROPERTIES_INTERFACE, readInterfaces, type BluezObjects, type BluezProperties } from './bluez-objects.js';
import { deviceRecord, HEARD_PROPERTIES } from './device-record.js';
import type { BusSignal } from './system-bus.js';

/** What the watch reports to its capture. */
export interface AdapterWatchSink {
  /** A device was heard. */
  packet(packet: Packet): void;
  /** The adapter's state changed (`adapterDetails`). */
  details(details: Readonly<Record<string, string | number>>): void;
  /** The capture cannot go on, for this reason. */
  fail(reason: string): void;
}

/** The devices of one adapter and the signals that change them. */
export class AdapterWatch {
  readonly #devices = new Map<string, BluezProperties>();
  readonly #prefix: string;

  constructor(
    /** The adapter's name (`hci0`), for messages. */
    readonly adapter: string,
    /** The adapter's object path. */
    readonly path: string,
    private readonly sourceUuid: string,
    private readonly sink: AdapterWatchSink,
  ) {
    this.#prefix = `${path}/`;
  }

  /** The match rules that deliver the signals `handle` reads. */
  matchRules(): string[] {
    return [
      `type='signal',sender='${BLUEZ_SERVICE}',path='/',interface='${OBJECT_MANAGER_INTERFACE}'`,
      `type='signal',sender='${BLUEZ_SERVICE}',interface='${PROPERTIES_INTERFACE}',member='PropertiesChanged',path_namespace='${this.path}'`,
      `type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='${BLUEZ_SERVICE}'`,
    ];
  }

  /**
   * Takes the devices BlueZ already knows under the adapter; those it currently hears (they have
   * an RSSI) become packets, the rest (paired devices out of range) wait until they are heard.
   */
  load(objects: BluezObjects): void {
    for (const [path, interfaces] of objects) {
      const device = interfaces.get(DEVICE_INTERFACE);
      if (!device || !path.startsWith(this.#prefix)) continue;
      this.#devices.set(path, device);
      if (typeof device.RSSI === 'number') this.#heard(device, true);
    }
  }

  /** Reads one signal. */
  handle(signal: BusSignal): void {
    const { member, body } = signal;
    if (signal.interface === 'org.freedesktop.DBus' && member === 'NameOwnerChanged' && body[0] === BLUEZ_SERVICE) {
      this.sink.fail(body[2] ? 'bluetoothd was restarted (org.bluez has a new owner on the system D-Bus)' : 'bluetoothd left the system D-Bus (org.bluez lost its owner): it stopped or crashed');
    } else if (signal.interface === OBJECT_MANAGER_INTERFACE && member === 'InterfacesAdded') {
      this.#added(String(body[0]), readInterfaces(body[1]));
    } else if (signal.interface === OBJECT_MANAGER_INTERFACE && member === 'InterfacesRemoved') {
      this.#removed(String(body[0]), Array.isArray(body[1]) ? body[1] : []);
    } else if (signal.interface === PROPERTIES_INTERFACE && member === 'PropertiesChanged') {
      this.#changed(signal.path, String(body[0]), (plainValue(body[1]) ?? {}) as BluezProperties, Array.isArray(body[2]) ? body[2] : []);
    }
  }

  #added(path: string, interfaces: Map<string, BluezProperties>): void {
    const device = interfaces.get(DEVICE_INTERFACE);
    if (!device || !path.startsWith(this.#prefix)) return;
    this.#devices.set(path, device);
    this.#heard(device, typeof device.RSSI === 'number');
  }

  #removed(path: string, interfaces: readonly unknown[]): void {
    if (path === this.path && interfaces.includes(ADAPTER_INTERFACE)) this.sink.fail(`adapter ${this.adapter} was removed from BlueZ (unplugged, or its driver unbound)`);
    else if (interfaces.includes(DEVICE_INTERFACE)) this.#devices.delete(path);
  }

  #changed(path: string, iface: string, changed: BluezProperties, invalidated: readonly unknown[]): void {
    if (path === this.path && iface === ADAPTER_INTERFACE) {
      this.sink.details(adapterDetails(changed));
      if (changed.Powered === false) this.sink.fail(`adapter ${this.adapter} was powered off`);
      return;
    }
    const device = this.#devices.get(path);
    if (iface !== DEVICE_INTERFACE || !device) return;
    Object.assign(device, changed);
    for (const name of invalidated) delete device[String(name)];
    if (Object.keys(changed).some((name) => HEARD_PROPERTIES.has(name))) this.#heard(device, 'RSSI' in changed);
  }

  /** A packet for a device heard now; the signal only when this news carried an RSSI. */
  #heard(device: BluezProperties, withRssi: boolean): void {
    const record = deviceRecord(device);
    if (!record) return;
    const now = Date.now();
    const rssi = withRssi && typeof device.RSSI === 'number' ? device.RSSI : undefined;
    this.sink.packet({
      tsSec: Math.floor(now / 1000),
      tsUsec: (now % 1000) * 1000,
      sourceUuid: this.sourceUuid,
      dlt: 0,
      json: { type: LINUXBTHCI_RECORD_TYPE, text: JSON.stringify(record) },
      signal: rssi === undefined ? undefined : { signalDbm: rssi, freqKhz: ADAPTER_FREQ_KHZ, channel: ADAPTER_CHANNEL },
      annotations: {},
    });
  }
}
