/**
 * The `linuxbluetooth` datasource type (Kismet's name): Classic and LE devices the host's own
 * adapter discovers, through BlueZ over the system D-Bus (`bluez-discovery.ts`). Definitions
 * name the adapter as Kismet does, `hci0`, recognised without `type=`; or name the type,
 * `linuxbluetooth` (the first adapter, hci0) or `linuxbluetooth:adapter=hci1`. Options:
 * `power=true` powers a powered-off adapter on (by default the source only says it is off).
 * `list_interfaces` shows the adapters the kernel has (sysfs) and those BlueZ has. A source
 * keeps its UUID per adapter, whichever way it was written.
 */
import { parseBoolean, stableUuid, SvcError, type DatasourceTypeDefinition, type ProbedInterface, type SourceDefinition } from '@svc/core';
import { adapterNames, bluezObjects, byAdapterNumber, ADAPTER_INTERFACE, adapterPath, type BluezObjects } from './bluez-objects.js';
import { openBluezDiscovery } from './bluez-discovery.js';
import { SystemBus, systemBusAddress } from './system-bus.js';
import { SYSFS_ROOT, sysfsAdapters } from './sysfs-adapters.js';

/** Type name, as Kismet spells it. */
export const LINUXBLUETOOTH_TYPE = 'linuxbluetooth';

/** The adapter a definition naming only the type opens. */
const DEFAULT_ADAPTER = 'hci0';
const ADAPTER_NAME = /^hci\d+$/;

/** Where the type finds the host's adapters (tests may point sysfs elsewhere). */
export interface LinuxBluetoothSettings {
  /** Where sysfs is mounted (default /sys). */
  readonly sysfsRoot?: string;
}

const bad = (message: string) => new SvcError('SVC_ERR_BAD_DEFINITION', message);

/** The adapter a definition names; a bad definition when it names none. */
export function adapterOf(definition: SourceDefinition): string {
  const given = definition.options.get('adapter');
  if (definition.interface.toLowerCase() === LINUXBLUETOOTH_TYPE) {
    if (given !== undefined && !ADAPTER_NAME.test(given)) throw bad(`adapter '${given}' is not a Bluetooth adapter name (hci0, hci1...)`);
    return given ?? DEFAULT_ADAPTER;
  }
  if (given !== undefined) throw bad(`adapter= goes with the interface '${LINUXBLUETOOTH_TYPE}' ('${definition.interface}' already names the adapter)`);
  if (!ADAPTER_NAME.test(definition.interface)) throw bad(`'${definition.interface}' is not a Bluetooth adapter name (hci0, hci1...) or '${LINUXBLUETOOTH_TYPE}'`);
  return definition.interface;
}

/** Whether the definition asks to power the adapter on. */
function powerOnOf(definition: SourceDefinition): boolean {
  const text = definition.options.get('power');
  if (text === undefined) return false;
  const value = parseBoolean(text);
  if (value === undefined) throw bad(`power must be true or false, not '${text}'`);
  return value;
}

/** The linuxbluetooth type over a host (the real one by default). */
export function createLinuxBluetoothType(settings: LinuxBluetoothSettings = {}): DatasourceTypeDefinition {
  const sysfsRoot = settings.sysfsRoot ?? SYSFS_ROOT;
  return {
    name: LINUXBLUETOOTH_TYPE,
    description: "Classic and LE devices the host's Bluetooth adapter discovers, through BlueZ over D-Bus (hci0; power=true powers it on)",
    capabilities: { probe: true, list: true, local: true, remote: true, passive: false, tune: false, hop: false },
    options: {
      adapter: `the adapter, with the interface '${LINUXBLUETOOTH_TYPE}' (default ${DEFAULT_ADAPTER})`,
      power: 'true to power the adapter on when it is off (default false: the source reports it and waits)',
    },
    validate(definition) {
      adapterOf(definition);
      powerOnOf(definition);
    },
    probe: async (definition) => ADAPTER_NAME.test(definition.interface) || definition.interface.toLowerCase() === LINUXBLUETOOTH_TYPE,
    list: () => listAdapters(sysfsRoot),
    uuidFor: (definition) => stableUuid(LINUXBLUETOOTH_TYPE, adapterOf(definition)),
    open: (definition, context) => openBluezDiscovery({ adapter: adapterOf(definition), powerOn: powerOnOf(definition), busAddress: systemBusAddress(), sysfsRoot }, context),
  };
}

/** The adapters the kernel and BlueZ have; BlueZ unreachable leaves the kernel's. */
async function listAdapters(sysfsRoot: string): Promise<ProbedInterface[]> {
  const kernel = await sysfsAdapters(sysfsRoot);
  const objects = await readBluez();
  const names = [...new Set([...kernel, ...(objects ? adapterNames(objects) : [])])].sort(byAdapterNumber);
  return names.map((name) => {
    const adapter = objects?.get(adapterPath(name))?.get(ADAPTER_INTERFACE);
    if (!adapter) return { interface: name, hardware: 'Bluetooth adapter (not known to BlueZ)' };
    const powered = adapter.Powered === true ? 'powered' : 'powered off';
    return { interface: name, hardware: `BlueZ adapter ${String(adapter.Address ?? '')} (${String(adapter.Alias ?? adapter.Name ?? name)}, ${powered})`, options: adapter.Powered === true ? [] : ['power=true'] };
  });
}

async function readBluez(): Promise<BluezObjects | undefined> {
  let bus: SystemBus | undefined;
  try {
    bus = await SystemBus.connect(systemBusAddress());
    return await bluezObjects(bus);
  } catch {
    return undefined;
  } finally {
    bus?.close();
  }
}
