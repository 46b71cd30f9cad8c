/**
 * The child process of the BlueZ stand-in (bluez-stand-in.test-helper.ts): it connects to the
 * bus in DBUS_SYSTEM_BUS_ADDRESS with dbus-next, owns `org.bluez`, and answers as bluetoothd
 * does for what the adapter source uses: `ObjectManager.GetManagedObjects` at `/`, the
 * properties interface, and Adapter1's `SetDiscoveryFilter`, `StartDiscovery` and
 * `StopDiscovery` (one discovery session per client: `Discovering` stays true while any client
 * has one; `org.bluez.Error.NotReady` when powered off). Its parent scripts the tree over IPC:
 * adapters and devices appear, change and go, the name is released, and every method call
 * received is recorded for the test to read.
 */
import { createRequire } from 'node:module';
import { Message, MessageType, sessionBus, Variant } from '@particle/dbus-next';
import type { StandInCommand } from './bluez-stand-in.test-helper.js';

// dbus-next cannot marshal a dictionary with integer keys (ManufacturerData is a{qv}): object
// keys are strings and its integer marshallers refuse them (dbusjs/node-dbus-next#79). BlueZ,
// in C, has no such limit, so the stand-in turns such keys back into numbers before they are
// written; the bytes on the bus are then what bluetoothd sends.
const marshallers = createRequire(import.meta.url)('@particle/dbus-next/lib/marshallers') as { MakeSimpleMarshaller(type: string): { marshall(ps: unknown, data: unknown): void } };
const makeMarshaller = marshallers.MakeSimpleMarshaller;
marshallers.MakeSimpleMarshaller = (type: string) => {
  const marshaller = makeMarshaller(type);
  if (!'ynqiuxt'.includes(type)) return marshaller;
  const marshall = marshaller.marshall;
  marshaller.marshall = function (ps, data) {
    marshall.call(this, ps, typeof data === 'string' && /^\d+$/.test(data) ? Number(data) : data);
  };
  return marshaller;
};

const ADAPTER = 'org.bluez.Adapter1';
const DEVICE = 'org.bluez.Device1';
const PROPERTIES = 'org.freedesktop.DBus.Properties';
const OBJECT_MANAGER = 'org.freedesktop.DBus.ObjectManager';

/** The D-Bus type of each property the stand-in serves, as BlueZ's documentation gives it. */
const SIGNATURES: Record<string, string> = {
  Address: 's',
  AddressType: 's',
  Name: 's',
  Alias: 's',
  Class: 'u',
  Appearance: 'q',
  Icon: 's',
  Powered: 'b',
  Discovering: 'b',
  Discoverable: 'b',
  Pairable: 'b',
  Paired: 'b',
  Connected: 'b',
  Trusted: 'b',
  RSSI: 'n',
  TxPower: 'n',
  UUIDs: 'as',
  Adapter: 'o',
  AdvertisingFlags: 'ay',
  ManufacturerData: 'a{qv}',
  ServiceData: 'a{sv}',
};

type Properties = Record<string, Variant>;

/** An error answering a call (dbus-next's types say `newError` takes a string; it takes the call). */
const errorReply = (call: Message, name: string, text: string) => Message.newError(call as unknown as string, name, text);
const objects = new Map<string, Map<string, Properties>>();
const sessions = new Map<string, Set<string>>();
const calls: { member: string; path: string; sender: string; body: unknown }[] = [];

/** A property from the parent's JSON (byte arrays as hex) as the variant BlueZ sends. */
function variantOf(name: string, value: unknown): Variant {
  const signature = SIGNATURES[name];
  if (!signature) throw new Error(`the stand-in does not know the property ${name}`);
  if (signature === 'ay') return new Variant('ay', Buffer.from(String(value), 'hex'));
  if (signature === 'a{qv}' || signature === 'a{sv}') {
    const entries = Object.entries(value as Record<string, string>).map(([key, hex]) => [key, new Variant('ay', Buffer.from(hex, 'hex'))]);
    return new Variant(signature, Object.fromEntries(entries));
  }
  return new Variant(signature, value);
}

function variants(properties: Record<string, unknown>): Properties {
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, variantOf(name, value)]));
}

const bus = sessionBus({ busAddress: process.env.DBUS_SYSTEM_BUS_ADDRESS });
bus.on('error', (error: unknown) => {
  process.stderr.write(`stand-in lost the bus: ${String(error)}\n`);
  process.exit(1);
});

const signal = (path: string, iface: string, member: string, signature: string, body: unknown[]) => bus.send(Message.newSignal(path, iface, member, signature, body));

function setProperties(path: string, iface: string, changed: Properties): void {
  Object.assign(objects.get(path)!.get(iface)!, changed);
  signal(path, PROPERTIES, 'PropertiesChanged', 'sa{sv}as', [iface, changed, []]);
}

function addObject(path: string, iface: string, properties: Properties): void {
  objects.set(path, new Map([[iface, properties]]));
  signal('/', OBJECT_MANAGER, 'InterfacesAdded', 'oa{sa{sv}}', [path, { [iface]: properties }]);
}

function removeObject(path: string): void {
  const interfaces = objects.get(path);
  if (!interfaces) return;
  objects.delete(path);
  signal('/', OBJECT_MANAGER, 'InterfacesRemoved', 'oas', [path, [...interfaces.keys()]]);
}

/** Adapter1's methods, as bluetoothd answers them. */
function adapterMethod(message: Message): Message {
  const adapter = objects.get(message.path)?.get(ADAPTER);
  if (!adapter) return errorReply(message, 'org.freedesktop.DBus.Error.UnknownObject', `no adapter at ${message.path}`);
  const clients = sessions.get(message.path) ?? new Set<string>();
  sessions.set(message.path, clients);
  switch (message.member) {
    case 'SetDiscoveryFilter':
      return Message.newMethodReturn(message, '', []);
    case 'StartDiscovery':
      if (adapter.Powered?.value !== true) return errorReply(message, 'org.bluez.Error.NotReady', 'Resource Not Ready');
      clients.add(message.sender);
      if (adapter.Discovering?.value !== true) setProperties(message.path, ADAPTER, { Discovering: new Variant('b', true) });
      return Message.newMethodReturn(message, '', []);
    case 'StopDiscovery':
      if (!clients.delete(message.sender)) return errorReply(message, 'org.bluez.Error.Failed', 'No discovery started');
      if (clients.size === 0) setProperties(message.path, ADAPTER, { Discovering: new Variant('b', false) });
      return Message.newMethodReturn(message, '', []);
    default:
      return errorReply(message, 'org.freedesktop.DBus.Error.UnknownMethod', `the stand-in has no ${message.member}`);
  }
}

function propertiesMethod(message: Message): Message {
  const [iface, name, value] = message.body as [string, string, Variant | undefined];
  const properties = objects.get(message.path)?.get(iface);
  if (!properties) return errorReply(message, 'org.freedesktop.DBus.Error.InvalidArgs', `no ${iface} at ${message.path}`);
  if (message.member === 'GetAll') return Message.newMethodReturn(message, 'a{sv}', [properties]);
  if (message.member === 'Get') return Message.newMethodReturn(message, 'v', [properties[name]]);
  setProperties(message.path, iface, { [name]: new Variant(SIGNATURES[name]!, value!.value) });
  return Message.newMethodReturn(message, '', []);
}

bus.addMethodHandler((message: Message) => {
  if (message.type !== MessageType.METHOD_CALL || message.destination !== 'org.bluez') return false;
  calls.push({ member: message.member, path: message.path, sender: message.sender, body: message.body });
  let reply: Message;
  if (message.interface === OBJECT_MANAGER && message.member === 'GetManagedObjects' && message.path === '/') {
    const tree = Object.fromEntries([...objects].map(([path, interfaces]) => [path, Object.fromEntries(interfaces)]));
    reply = Message.newMethodReturn(message, 'a{oa{sa{sv}}}', [tree]);
  } else if (message.interface === PROPERTIES) reply = propertiesMethod(message);
  else if (message.interface === ADAPTER) reply = adapterMethod(message);
  else reply = errorReply(message, 'org.freedesktop.DBus.Error.UnknownMethod', `the stand-in has no ${message.interface}.${message.member}`);
  bus.send(reply);
  return true;
});

const devicePath = (adapter: string, address: string) => `/org/bluez/${adapter}/dev_${address.toUpperCase().replaceAll(':', '_')}`;

async function run(command: StandInCommand): Promise<unknown> {
  switch (command.op) {
    case 'own':
      return bus.requestName('org.bluez', 4);
    case 'release':
      return bus.releaseName('org.bluez');
    case 'addAdapter':
      return addObject(`/org/bluez/${command.adapter}`, ADAPTER, variants({ Address: '00:1A:7D:DA:71:13', Name: 'stand-in', Alias: 'stand-in', Powered: true, Discovering: false, ...command.properties }));
    case 'setAdapter':
      return setProperties(`/org/bluez/${command.adapter}`, ADAPTER, variants(command.properties));
    case 'otherDiscovers':
      sessions.set(`/org/bluez/${command.adapter}`, new Set(['another program']));
      return setProperties(`/org/bluez/${command.adapter}`, ADAPTER, { Discovering: new Variant('b', true) });
    case 'removeAdapter': {
      const path = `/org/bluez/${command.adapter}`;
      for (const device of [...objects.keys()].filter((candidate) => candidate.startsWith(`${path}/`))) removeObject(device);
      sessions.delete(path);
      return removeObject(path);
    }
    case 'addDevice':
      return addObject(devicePath(command.adapter, command.address), DEVICE, variants({ Address: command.address, Adapter: `/org/bluez/${command.adapter}`, ...command.properties }));
    case 'changeDevice':
      return setProperties(devicePath(command.adapter, command.address), DEVICE, variants(command.properties));
    case 'calls':
      return calls;
  }
}

await new Promise<void>((resolve) => bus.once('connect', () => resolve()));
process.on('message', (message: { id: number; command: StandInCommand }) => {
  run(message.command).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) => process.send!({ id: message.id, error: String(error) }),
  );
});
// The test process gone, the stand-in goes too.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
