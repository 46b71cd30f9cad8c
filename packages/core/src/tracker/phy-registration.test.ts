import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, runPacketChain, type Packet, type PhyDefinition } from '../index.js';
import { definePlugin } from '../plugin.js';
import { createTestService } from '../testing/index.js';
import './phy-registration.test-helper.js';

const RECORD_TYPE = 'TESTPHY';
const phy: PhyDefinition = {
  name: 'TESTPHY',
  description: 'a PHY declared whole',
  deviceComponent: { field: 'testphy.device', key: 'testphy', description: 'sub-record', fields: [{ name: 'testphy.device.seen', type: 'uint64_t', description: 'packets seen' }] },
  decoder: { module: new URL('./phy-registration.test-helper.js', import.meta.url).href, exportName: 'decodeTestRecord', annotation: 'testPhy', recordTypes: [RECORD_TYPE] },
  classifier: {
    reads: ['testPhy'],
    create: (svc, handle) => (packet) => {
      const mac = packet.annotations.testPhy?.mac;
      if (mac !== undefined) svc.devices.touch(packet, handle, mac);
    },
  },
  alerts: [{ name: 'TESTPHYALERT', description: 'raised by the test PHY', throttle: '10/min', burst: '1/sec' }],
  ui: { name: 'testphy', description: 'panel', file: '/nonexistent/testphy.js' },
};
const phyPlugin = (definition: PhyDefinition) => definePlugin({ name: 'test-phy-plugin', apply: (svc) => void svc.hooks.phys.tap('test-phy-plugin', (phys) => phys.add(definition)) });
const record = (text: string): Packet => ({ tsSec: 1_700_000_000, tsUsec: 0, sourceUuid: 'UUID', dlt: 0, json: { type: RECORD_TYPE, text }, annotations: {} });

test('the core runs the declared decoder and classifier: annotation, signal, error, devices', async () => {
  const t = await createTestService({ plugins: [phyPlugin(phy)] });
  try {
    const good = record('{"mac":42}');
    runPacketChain(t.svc.hooks, good);
    assert.equal(good.annotations.testPhy, { mac: 42 });
    assert.is(good.signal?.freqKhz, 433_920);
    assert.not.ok(good.error);
    const bad = record('{"mac":0}');
    runPacketChain(t.svc.hooks, bad);
    assert.ok(bad.error);
    const other = { ...record('{"mac":7}'), json: { type: 'OTHER', text: '{"mac":7}' } };
    runPacketChain(t.svc.hooks, other);
    assert.is(other.annotations.testPhy, undefined, 'a record type the PHY did not declare never reaches its decoder');
    assert.equal([...t.svc.devices.devices()].map((device) => device.mac), [42]);
  } finally {
    await t.close();
  }
});

test("the declaration's fields, alerts and UI module are the plugin's contributions", async () => {
  const t = await createTestService({ plugins: [phyPlugin(phy)] });
  try {
    assert.ok(t.svc.fields.has('testphy.device.seen'));
    assert.ok(t.svc.alerts.isDefined('TESTPHYALERT'));
    assert.is(t.svc.alertDefinitions.ownerOf('TESTPHYALERT'), 'test-phy-plugin');
    assert.is(t.svc.uiModules.ownerOf('testphy'), 'test-phy-plugin');
  } finally {
    await t.close();
  }
});

test('a decoder that cannot be imported fails its plugin, with everything it contributed; others run', async () => {
  const broken = { ...phy, decoder: { ...phy.decoder!, exportName: 'noSuchExport' } };
  const t = await createTestService({ plugins: [phyPlugin(broken)], log: createLogger({ write: () => {} }) });
  try {
    const status = t.svc.plugins.find((plugin) => plugin.name === 'test-phy-plugin');
    assert.is(status?.state, 'failed');
    assert.match(status!.error!.message, "PHY 'TESTPHY': decoder noSuchExport of");
    assert.not.ok(t.svc.phys.has('TESTPHY'));
    assert.not.ok(t.svc.fields.has('testphy.device.seen'));
    runPacketChain(t.svc.hooks, record('{"mac":42}'));
    assert.is(t.svc.devices.size, 0);
  } finally {
    await t.close();
  }
});

test('alerts a plugin defines through the alertDefinitions hook are defined, for a PHY registered by then', async () => {
  const alerting = definePlugin({
    name: 'test-alerting',
    apply: (svc) => void svc.hooks.alertDefinitions.tap('test-alerting', (alerts) => alerts.add({ name: 'TESTHOOKALERT', description: 'from the hook', throttle: '1/sec', burst: '1/sec', phyName: 'TESTPHY' })),
  });
  const t = await createTestService({ plugins: [alerting, phyPlugin(phy)] });
  try {
    assert.ok(t.svc.alerts.isDefined('TESTHOOKALERT'));
  } finally {
    await t.close();
  }
});

test.run();
