/**
 * The `nrf51822` source on a real pty pair from `socat`: sniffer frames built from the README's
 * layout are written to the far end byte by byte, split across writes, with garbage between
 * them and escaped bytes inside; the BLE devices appear in `phy-BTLE`, every bad frame counts
 * as an error packet, and the source comes back after the sniffer is unplugged.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '@svc/core';
import { createTestService, waitUntil } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import serialPlugin from '../index.js';
import { slipEncode } from '../framing/nordic-slip-framer.js';
import { nordicAdvertisingFrame, nordicFrameBody } from '../testing/nordic-frames.js';
import { openPtyPair } from '../testing/pty-pair.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


test('nrf51822 on a pty: escaped, split and garbled frames give the BLE devices; bad frames are counted; unplug and replug', async () => {
  const pty = await openPtyPair();
  const t = await createTestService({ plugins: [serialPlugin, bluetoothPlugin], config: { source_retry_delay: '0.2' }, log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add(`nrf51822-0:device=${pty.device},baudrate=1000000`);
    assert.is(source.type.name, 'nrf51822', 'recognised by its name');
    await waitUntil('the source runs', () => source.state === 'running');

    // An address and a name full of the three special bytes, so the frame carries escapes.
    const escaped = nordicAdvertisingFrame({ type: 0, address: 'AB:BC:CD:AB:BC:CD', ad: [[0x09, Buffer.from([0xab, 0xbc, 0xcd])]] }, { rssi: 90, channel: 38 });
    assert.ok(escaped.includes(0xcd), 'the frame has escapes');
    for (const byte of escaped) pty.write(Buffer.from([byte]));
    pty.write(Buffer.from('garbage between frames'));
    const v2 = nordicAdvertisingFrame({ type: 2, address: '02:11:22:33:44:55', ad: [[0x09, 'Tag']] }, { version: 2, counter: 2, channel: 39, rssi: 70 });
    pty.write(v2.subarray(0, 9));
    await sleep(30);
    pty.write(v2.subarray(9));
    pty.write(nordicAdvertisingFrame({ type: 0, address: '02:00:00:00:00:0B' }, { crcOk: false }));
    pty.write(slipEncode(nordicFrameBody({ version: 3, counter: 4, id: 0x02, payload: Buffer.from([1, 2, 3]) })));
    pty.write(slipEncode(nordicFrameBody({ version: 2, counter: 5, id: 0x0e, payload: Buffer.from([0, 0]) })));

    await waitUntil('both devices', () => t.svc.devices.size === 2);
    await waitUntil('the bad frames are counted', () => source.numErrorPackets >= 3);
    assert.is(source.numErrorPackets, 3, 'garbage, a CRC error and a malformed frame; the ping response is no error');
    const devices = (await (await t.request('/devices/views/phy-BTLE/devices.json')).json()) as Record<string, any>[];
    const byMac = new Map(devices.map((device) => [device['svc.device.base.macaddr'], device]));
    const special = byMac.get('AB:BC:CD:AB:BC:CD')!;
    assert.is(special['btle.device']['btle.device.local_name'], Buffer.from([0xab, 0xbc, 0xcd]).toString('utf8'));
    assert.is(special['svc.device.base.signal']['svc.common.signal.last_signal'], -90);
    assert.is(special['svc.device.base.channel'], '38');
    const tag = byMac.get('02:11:22:33:44:55')!;
    assert.is(tag['svc.device.base.name'], 'Tag');
    assert.is(tag['svc.device.base.channel'], '39');
    assert.is(tag['svc.device.base.frequency'], 2_480_000);

    const record = (await (await t.request(`/datasource/by-uuid/${source.uuid}/source.json`)).json()) as Record<string, any>;
    assert.equal(record['svc.datasource.channels'], ['37', '38', '39']);
    assert.is(record['svc.datasource.dlt'], 256);

    await pty.unplug();
    await waitUntil('the source fails', () => source.state === 'error');
    assert.match(source.errorReason, 'went away (unplugged?)');
    await pty.replug();
    await waitUntil('the source is reopened', () => source.state === 'running');
    pty.write(nordicAdvertisingFrame({ type: 0, address: '02:00:00:00:00:0C' }, { version: 1 }));
    await waitUntil('the device after the replug', () => t.svc.devices.size === 3);
  } finally {
    await t.close();
    await pty.close();
  }
});

test('a missing device is a transient error on the source (it may be plugged in later); a bad definition is a 400', async () => {
  const t = await createTestService({ plugins: [serialPlugin, bluetoothPlugin], config: { retry_on_source_error: 'false' }, log: createLogger({ write: () => {} }) });
  try {
    const missing = await t.svc.datasources.add('nrf51822-0:device=/dev/svc-no-such-sniffer');
    await waitUntil('the open fails', () => missing.state === 'error');
    assert.match(missing.errorReason, 'serial device /dev/svc-no-such-sniffer does not exist');
    assert.is(missing.errorKind, 'transient');
    for (const [definition, reason] of [
      ['nrf51822-1', 'nrf51822 needs device=<serial device>, e.g. nrf51822-1:device=/dev/ttyUSB0'],
      ['nrf51822-1:device=/dev/ttyUSB9,baudrate=12345', "nrf51822 option baudrate must be one of 1200, 2400"],
      ['nrf51822-1:device=/dev/ttyUSB9,parity=even', "datasource type 'nrf51822' has no option 'parity'; it takes device, baudrate, baud"],
    ]) {
      try {
        await t.svc.datasources.add(definition!);
        assert.unreachable(definition);
      } catch (error) {
        assert.is((error as { code?: string }).code, 'SVC_ERR_BAD_DEFINITION', definition);
        assert.match((error as Error).message, reason!, definition);
      }
    }
  } finally {
    await t.close();
  }
});

test.run();
