/**
 * A broker's message as a packet, in the report formats the loaded plugins contribute (the
 * rtl433 and serial plugins' here): the format that claims it makes the packet; without the
 * plugins that read reports, no message is a report, and the reason says so.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReportFormatDefinition } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import rtl433Plugin from '@svc/plugin-sdr-rtl433';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import serialPlugin from '@svc/plugin-serial';
import mqttPlugin from '../index.js';
import { mqttReportPacket } from './mqtt-report.js';

async function formatsWith(plugins: Parameters<typeof createTestService>[0] = {}): Promise<ReportFormatDefinition[]> {
  const t = await createTestService(plugins);
  try {
    return t.svc.reportFormats.list();
  } finally {
    await t.close();
  }
}

const report = (value: unknown) => Buffer.from(JSON.stringify(value));

test('with the rtl433 and serial plugins, a device report, a raw packet and an rtl_433 event are packets; anything else names the formats', async () => {
  const formats = await formatsWith({ plugins: [rtl433Plugin, serialPlugin, bluetoothPlugin, mqttPlugin] });
  assert.equal(formats.map((format) => format.name), ['rtl433', 'serialjson']);
  assert.equal(mqttReportPacket(report({ phy: 'BTLE', mac: 'C0:FF:EE:00:00:01', rssi: -61 }), 'S', formats).signal, { signalDbm: -61, channel: undefined });
  assert.equal(mqttReportPacket(report({ dlt: 127, packet: '00' }), 'S', formats).data, Buffer.from([0]));
  assert.is(mqttReportPacket(report({ model: 'Nexus-TH', id: 1 }), 'S', formats).json?.type, 'RTL433');
  assert.throws(() => mqttReportPacket(report({ hello: 1 }), 'S', formats), /no report: neither an rtl_433 event \(model\) nor a device report \(phy, mac\), a raw packet \(dlt, packet\)/);
  assert.throws(() => mqttReportPacket(Buffer.from('{'), 'S', formats), /not JSON/);
});

test('without plugins that read reports, no message is a report', async () => {
  const formats = await formatsWith({ plugins: [mqttPlugin] });
  assert.equal(formats, []);
  assert.throws(() => mqttReportPacket(report({ model: 'Nexus-TH', id: 1 }), 'S', formats), /no plugin reads reports/);
});

test.run();
