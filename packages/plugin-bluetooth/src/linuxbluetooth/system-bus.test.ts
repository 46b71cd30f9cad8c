/**
 * The system bus connection against a real `dbus-daemon`: the address as libdbus finds it, a
 * bus that is not there named in the error, a peer's error kept with its D-Bus name, and a bus
 * killed under an open connection noticed by the connection itself, failing what was pending.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { waitUntil } from '@svc/core/testing';
import { sessionBus } from '@particle/dbus-next';
import { startPrivateBus } from './private-bus.test-helper.js';
import { BusCallError, DEFAULT_SYSTEM_BUS_ADDRESS, SystemBus, systemBusAddress } from './system-bus.js';

/** The message a promise rejects with ('' when it resolves). */
const rejection = (promise: Promise<unknown>) => promise.then(() => '', (error: Error) => error.message);

test('the address: DBUS_SYSTEM_BUS_ADDRESS, else the system socket', () => {
  assert.is(systemBusAddress({ DBUS_SYSTEM_BUS_ADDRESS: 'unix:path=/run/other' }), 'unix:path=/run/other');
  assert.is(systemBusAddress({ DBUS_SYSTEM_BUS_ADDRESS: '' }), DEFAULT_SYSTEM_BUS_ADDRESS);
  assert.is(systemBusAddress({}), 'unix:path=/var/run/dbus/system_bus_socket');
});

test('no bus at the address, or an address that is none: errors naming it', async () => {
  const missing = 'unix:path=/nonexistent/svc-test-bus';
  assert.match(await rejection(SystemBus.connect(missing)), /^cannot reach the system D-Bus at unix:path=\/nonexistent\/svc-test-bus: connect ENOENT/);
  assert.match(await rejection(SystemBus.connect('carrier-pigeon:coop=1')), /^cannot use the system D-Bus address 'carrier-pigeon:coop=1': unknown address type/);
});

test("a peer's error keeps its name; a killed bus is noticed and fails what is pending", async () => {
  const bus = await startPrivateBus();
  try {
    const connection = await SystemBus.connect(bus.address);
    const error = await connection.call({ destination: 'org.bluez', path: '/', interface: 'org.freedesktop.DBus.ObjectManager', member: 'GetManagedObjects' }).catch((caught: unknown) => caught);
    assert.instance(error, BusCallError);
    assert.is((error as BusCallError).errorName, 'org.freedesktop.DBus.Error.ServiceUnknown');

    // A peer that never answers: the call waits until the bus goes.
    const silent = sessionBus({ busAddress: bus.address });
    silent.on('error', () => {});
    await silent.requestName('test.silent', 4);
    silent.addMethodHandler(() => true);
    const pending = rejection(connection.call({ destination: 'test.silent', path: '/', interface: 'test.Silent', member: 'Wait' }));

    let lost: Error | undefined;
    connection.onLost((reason) => (lost = reason));
    await bus.stop('SIGKILL');
    await waitUntil('the connection notices', () => lost !== undefined);
    assert.match(lost!.message, new RegExp(`^lost the system D-Bus at ${bus.address}: `));
    assert.is(await pending, lost!.message, 'the pending call failed with the loss');
    const after = connection.call({ destination: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus', member: 'ListNames' });
    assert.match(await rejection(after), /^lost the system D-Bus/);
    connection.close();
  } finally {
    await bus.dispose();
  }
});

test.run();
