/**
 * The svcdb log's device and packet filters: Kismet's order of address blocks (the first block
 * with a rule for its address decides), the most specific MAC range winning within a block,
 * the default; the config lines that set them up; and their routes, with bad input refused and
 * nothing changed, and the roles. (What they keep out of a real log: plugin-dot11's
 * log-filters.test.ts.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../logger.js';
import type { Packet } from '../../packets/packet.js';
import { createTestService, testPhyPlugin, TEST_PHY, type TestService } from '../../testing/index.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';
import { parseMac } from '../../util/mac.js';
import { parseMacPrefix } from '../../util/mac-prefix.js';
import { DeviceLogFilter } from './device-log-filter.js';
import { PacketLogFilter } from './packet-log-filter.js';

const mac = (text: string) => parseMac(text)!;
const packet = (addresses: { source?: string; destination?: string; network?: string; other?: string }, phyName = 'IEEE802.11'): Packet =>
  ({
    phyName,
    device: addresses.source ? ({ mac: mac(addresses.source) } as TrackedDevice) : undefined,
    destMac: addresses.destination && mac(addresses.destination),
    networkMac: addresses.network && mac(addresses.network),
    transmitterMac: addresses.other && mac(addresses.other),
  }) as Packet;

test("the packet filter tries source, destination, network, other, then any; the first block with a rule decides, else the default", () => {
  const filter = new PacketLogFilter();
  const ap = '00:0C:41:5C:00:05';
  const client = '02:00:00:00:00:01';
  assert.not.ok(filter.blocks(packet({ source: ap })), 'nothing is blocked without rules');
  filter.set('IEEE802.11', 'network', parseMacPrefix(ap), true);
  assert.ok(filter.blocks(packet({ source: client, network: ap })));
  filter.set('IEEE802.11', 'source', parseMacPrefix(client), false);
  assert.not.ok(filter.blocks(packet({ source: client, network: ap })), 'a source pass rule is tried before the network block');
  assert.ok(filter.blocks(packet({ source: '02:00:00:00:00:02', network: ap })));
  assert.not.ok(filter.blocks(packet({ source: '02:00:00:00:00:02', network: ap }, 'BTLE')), 'rules are per PHY');
  filter.set('IEEE802.11', 'any', parseMacPrefix('02:00:00:00:00:00/24'), true);
  assert.ok(filter.blocks(packet({ other: '02:00:00:12:34:56' })), 'any: the transmitter counts');
  assert.ok(filter.blocks(packet({ destination: '02:00:00:00:00:09' })), 'any: the destination counts');
  filter.set('IEEE802.11', 'any', parseMacPrefix('02:00:00:00:00:09'), false);
  assert.not.ok(filter.blocks(packet({ destination: '02:00:00:00:00:09' })), 'the longest range wins within a block');
  filter.blockByDefault = true;
  assert.ok(filter.blocks(packet({ source: '06:00:00:00:00:01' })));
  assert.ok(filter.blocks(packet({})), 'a packet of no PHY takes the default');
  assert.is(filter.size, 4);
  assert.ok(filter.remove('IEEE802.11', 'network', parseMacPrefix(ap)));
  assert.not.ok(filter.remove('IEEE802.11', 'network', parseMacPrefix(ap)));
  assert.equal(filter.record(), {
    'svc.packetfilter.id': 'svcdb_packets',
    'svc.packetfilter.description': 'svcdb packet MAC filtering: packets it blocks are not written to the log',
    'svc.packetfilter.type': 'mac_addr',
    'svc.packetfilter.default': 1,
    'svc.packetfilter.macaddr.blocks_by_phy': {
      'IEEE802.11': {
        'svc.packetfilter.macaddr.source': { '02:00:00:00:00:01': 0 },
        'svc.packetfilter.macaddr.destination': {},
        'svc.packetfilter.macaddr.network': {},
        'svc.packetfilter.macaddr.other': {},
        'svc.packetfilter.macaddr.any': { '02:00:00:00:00:00/FF:FF:FF:00:00:00': 1, '02:00:00:00:00:09': 0 },
      },
    },
  });
});

test('the device filter blocks what a rule on its PHY blocks, else what the default says', () => {
  const filter = new DeviceLogFilter();
  filter.set('IEEE802.11', parseMacPrefix('00:0C:41'), true);
  filter.set('IEEE802.11', parseMacPrefix('00:0C:41:5C:00:05'), false);
  assert.ok(filter.blocks('IEEE802.11', mac('00:0C:41:00:00:01')));
  assert.not.ok(filter.blocks('IEEE802.11', mac('00:0C:41:5C:00:05')));
  assert.not.ok(filter.blocks('BTLE', mac('00:0C:41:00:00:01')));
  filter.blockByDefault = true;
  assert.ok(filter.blocks('BTLE', mac('00:0C:41:00:00:01')));
  assert.equal(filter.record()['svc.classfilter.macaddr.address_by_phy'], { 'IEEE802.11': { '00:0C:41:00:00:00/FF:FF:FF:00:00:00': 1, '00:0C:41:5C:00:05': 0 } });
});

test('a bad filter line stops the start with the line and what to write', async () => {
  for (const [key, value, words] of [
    ['log_device_filter', 'IEEE802.11,not-a-mac,block', 'log_device_filter MAC'],
    ['log_device_filter', 'IEEE802.11,00:0C:41:5C:00:05', 'expected log_device_filter=PHY,MAC,ACTION'],
    ['log_packet_filter', 'IEEE802.11,sideways,00:0C:41:5C:00:05,block', "unknown address block 'sideways'"],
    ['log_packet_filter_default', 'sometimes', "log_packet_filter_default 'sometimes' is neither pass nor block"],
  ] as const) {
    try {
      const started = await createTestService({ config: { [key]: value }, log: createLogger({ write: () => {} }) });
      await started.close();
      assert.unreachable(`${key}=${value} was taken`);
    } catch (error: any) {
      assert.equal([error.code, error.message.includes(words)], ['SVC_ERR_CONFIG_VALUE', true], `${key}=${value}: ${error.message}`);
    }
  }
});

let t: TestService;
test.before(async () => {
  t = await createTestService({
    plugins: [testPhyPlugin],
    config: { log_device_filter: `${TEST_PHY},02:7E:00:00:00:01,block`, log_packet_filter: [`${TEST_PHY},source,02:7E:00:00:00:02,block`, `${TEST_PHY},any,02:7E:00:00:00:00/24,pass`], log_packet_filter_default: 'block', log_filter_max_rules: '3' },
    log: createLogger({ write: () => {} }),
  });
});
test.after(async () => t.close());

const json = async (response: Promise<Response>) => {
  const answer = await response;
  return { status: answer.status, body: (await answer.json()) as any };
};
const devicesUrl = '/filters/class/svcdb_devices';
const packetsUrl = '/filters/packet/svcdb_packets';

test('the config lines set the filters up; the filter.json routes serve them in Kismet\'s shape', async () => {
  const devices = (await json(t.request(`${devicesUrl}/filter.json`))).body;
  assert.equal(devices, {
    'svc.classfilter.id': 'svcdb_devices',
    'svc.classfilter.description': 'svcdb device MAC filtering: devices it blocks are not written to the log',
    'svc.classfilter.type': 'mac_addr',
    'svc.classfilter.default': 0,
    'svc.classfilter.macaddr.address_by_phy': { [TEST_PHY]: { '02:7E:00:00:00:01': 1 } },
  });
  const packets = (await json(t.request(`${packetsUrl}/filter.json`))).body;
  assert.is(packets['svc.packetfilter.default'], 1);
  assert.equal(packets['svc.packetfilter.macaddr.blocks_by_phy'][TEST_PHY]['svc.packetfilter.macaddr.source'], { '02:7E:00:00:00:02': 1 });
  assert.equal(packets['svc.packetfilter.macaddr.blocks_by_phy'][TEST_PHY]['svc.packetfilter.macaddr.any'], { '02:7E:00:00:00:00/FF:FF:FF:00:00:00': 0 });
  const pretty = await (await t.request(`${devicesUrl}/filter.prettyjson`)).text();
  assert.match(pretty, '"description.svc.classfilter.default": "uint8_t, ');
});

test('set_filter, remove_filter and the default change the filters; bad input is a 400 or 404 and changes nothing', async () => {
  const before = async () => [(await json(t.request(`${devicesUrl}/filter.json`))).body, (await json(t.request(`${packetsUrl}/filter.json`))).body];
  const set = await json(t.command(`${devicesUrl}/${TEST_PHY}/set_filter.cmd`, { filter: { '02:7E:00:00:00:03': true, '02:7E:00:00:00:04': 'pass' } }));
  assert.is(set.status, 200);
  assert.equal(set.body['svc.classfilter.macaddr.address_by_phy'][TEST_PHY], { '02:7E:00:00:00:01': 1, '02:7E:00:00:00:03': 1, '02:7E:00:00:00:04': 0 });
  const unchanged = await before();
  for (const [path, body, status] of [
    [`${devicesUrl}/${TEST_PHY}/set_filter.cmd`, { filter: { 'not-a-mac': true } }, 400],
    [`${devicesUrl}/${TEST_PHY}/set_filter.cmd`, { filter: { '02:7E:00:00:00:05': true, '02:7E:00:00:00:06': 'maybe' } }, 400],
    [`${devicesUrl}/${TEST_PHY}/set_filter.cmd`, { filter: [] }, 400],
    [`${devicesUrl}/NOSUCHPHY/set_filter.cmd`, { filter: { '02:7E:00:00:00:05': true } }, 400],
    [`${devicesUrl}/${TEST_PHY}/set_filter.cmd`, { filter: { '02:7E:00:00:00:05': true } }, 400],
    [`${devicesUrl}/${TEST_PHY}/remove_filter.cmd`, { filter: ['02:7E:00:00:00:03', '02:7E:00:00:00:99'] }, 404],
    [`${devicesUrl}/${TEST_PHY}/remove_filter.cmd`, { filter: 'x' }, 400],
    [`${devicesUrl}/filter.cmd`, { default: 'sometimes' }, 400],
    [`${devicesUrl}/filter.cmd`, {}, 400],
    [`${packetsUrl}/${TEST_PHY}/sideways/set_filter.cmd`, { filter: { '02:7E:00:00:00:05': true } }, 400],
    [`${packetsUrl}/${TEST_PHY}/network/remove_filter.cmd`, { filter: ['02:7E:00:00:00:02'] }, 404],
    [`${packetsUrl}/${TEST_PHY}/any/set_filter.cmd`, { filter: { '02:7E:00:00:00:07': true, '02:7E:00:00:00:08': true } }, 400],
  ] as const) {
    const refused = await json(t.command(path, body));
    assert.is(refused.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`);
  }
  assert.equal(await before(), unchanged, 'nothing changed');
  const full = await json(t.command(`${devicesUrl}/${TEST_PHY}/set_filter.cmd`, { filter: { '02:7E:00:00:00:05': true } }));
  assert.match(full.body.error, 'log_filter_max_rules');
  assert.equal((await json(t.command(`${devicesUrl}/${TEST_PHY}/set_filter.cmd`, { filter: { '02:7E:00:00:00:03': false } }))).status, 200, 'changing a rule takes no room');

  const removed = await json(t.command(`${devicesUrl}/${TEST_PHY}/remove_filter.cmd`, { addresses: ['02:7E:00:00:00:03', '02:7E:00:00:00:04'] }));
  assert.equal(removed.body['svc.classfilter.macaddr.address_by_phy'][TEST_PHY], { '02:7E:00:00:00:01': 1 });
  for (const path of ['filter.cmd', 'set_default.cmd']) {
    const changed = await json(t.command(`${packetsUrl}/${path}`, { default: path === 'filter.cmd' ? 'pass' : 'reject' }));
    assert.is(changed.body['svc.packetfilter.default'], path === 'filter.cmd' ? 0 : 1, path);
  }
  const packetRule = await json(t.command(`${packetsUrl}/${TEST_PHY}/network/set_filter.cmd`, { filter: { '02:7E:00:00:00:0A': true } }));
  assert.equal(packetRule.body['svc.packetfilter.macaddr.blocks_by_phy'][TEST_PHY]['svc.packetfilter.macaddr.network'], { '02:7E:00:00:00:0A': 1 });
});

test('reading takes readonly, changing admin; no login is a 401', async () => {
  const token = (await (await t.command('/auth/apikey/generate.cmd', { name: 'reader', role: 'readonly' })).text()).trim();
  const asReader = (path: string, body?: unknown) =>
    t.request(path, { method: body ? 'POST' : 'GET', auth: false, headers: { cookie: `SVC=${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined }).then((response) => response.status);
  assert.is(await asReader(`${devicesUrl}/filter.json`), 200);
  assert.is(await asReader(`${packetsUrl}/filter.json`), 200);
  assert.is(await asReader(`${devicesUrl}/filter.cmd`, { default: 'block' }), 403);
  assert.is(await asReader(`${packetsUrl}/${TEST_PHY}/any/set_filter.cmd`, { filter: { '02:7E:00:00:00:0B': true } }), 403);
  assert.is((await t.request(`${devicesUrl}/filter.json`, { auth: false })).status, 401);
});

test.run();
