/**
 * Kismet's manufacturer rules as its own `kismet_uav.conf` writes them: parsed (quoted values
 * with commas, MAC/mask prefixes, regular expressions with look-ahead), matched by address and
 * SSID (both, or either with `match_any`), served back in Kismet's `uav_manuf_match` fields; and
 * end to end, a plain beacon from a DJI prefix with a Mavic SSID becomes a drone recognised by
 * the rule, with `/phy/phyuav/manuf_matchers` listing the rules.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, runPacketChain } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import bluetoothPlugin from '@svc/plugin-bluetooth';
import dot11Plugin from '@svc/plugin-dot11';
import uavPlugin from '../index.js';
import { DRONE_FRAME_LINK_TYPES, plainBeacon } from '../testing/index.js';
import { couldMatch, parseUavMatchRule, parseUavMatchRules, ruleMatches, ruleRecord } from './uav-match-rules.js';

const SPARK = 'dji_spark:name="DJI",model="Spark",ssid="^Spark-(?!RC-).*",mac=60:60:1F:00:00:00/FF:FF:FF:00:00:00';
const PROPEL = 'propel_hd_1:name="Propel",model="HD Video Drone",ssid="Propel HD Video Drone",mac=EC:3D:FD:00:00:00/FF:FF:FF:00:00:00,match_any=true';
const DJI_MAC = 0x60601f123456;

test("Kismet's lines parse; both address and SSID must match, or either with match_any", () => {
  const spark = parseUavMatchRule(SPARK);
  assert.equal([spark.name, spark.manufacturer, spark.model, spark.matchAny], ['dji_spark', 'DJI', 'Spark', false]);
  assert.ok(ruleMatches(spark, DJI_MAC, 'Spark-12ab'));
  assert.not.ok(ruleMatches(spark, DJI_MAC, 'Spark-RC-12ab'), 'the look-ahead keeps the remote controller out');
  assert.not.ok(ruleMatches(spark, 0x0a0000000001, 'Spark-12ab'), 'another maker’s address');
  const propel = parseUavMatchRule(PROPEL);
  assert.ok(ruleMatches(propel, 0xec3dfd000001, 'anything'));
  assert.ok(ruleMatches(propel, 0x0a0000000001, 'Propel HD Video Drone'));
  assert.not.ok(ruleMatches(propel, 0x0a0000000001, 'Other'));
  const ssidOnly = parseUavMatchRule('tello:name="Ryze",ssid="^TELLO-"');
  assert.ok(ruleMatches(ssidOnly, 1, 'TELLO-ABC') && !ruleMatches(ssidOnly, 1, 'HOME'));
  assert.ok(couldMatch([spark], DJI_MAC) && !couldMatch([spark], 1) && couldMatch([spark, ssidOnly], 1));
  assert.equal(ruleRecord(spark), {
    'uav.manufmatch.match_name': 'dji_spark',
    'uav.manufmatch.name': 'DJI',
    'uav.manufmatch.model': 'Spark',
    'uav.manufmatch.mac': '60:60:1F:00:00:00/FF:FF:FF:00:00:00',
    'uav.manufmatch.ssid_regex': '^Spark-(?!RC-).*',
    'uav.manufmatch.partial': 0,
  });
});

test('bad lines are refused with the line named', () => {
  assert.throws(() => parseUavMatchRule('no colon'), /uav_match=no colon: expected 'name:option/);
  assert.throws(() => parseUavMatchRule('x:name="A",mac=zz'), /'zz' is not a MAC or MAC\/mask/);
  assert.throws(() => parseUavMatchRule('x:name="A"'), /needs mac= or ssid=/);
  assert.throws(() => parseUavMatchRule('x:name="A",ssid'), /'ssid' is not option=value/);
  assert.throws(() => parseUavMatchRules([SPARK, SPARK]), /the match name 'dji_spark' is already in use/);
});

test('a Spark beacon becomes a drone the rule recognised, linked to its access point; the rules are served', async () => {
  const t = await createTestService({ plugins: [dot11Plugin, bluetoothPlugin, uavPlugin], config: { uav_match: [SPARK, PROPEL] }, log: createLogger({ write: () => {} }) });
  try {
    const beacon = (ssid: string, time: number) => runPacketChain(t.svc.hooks, { tsSec: time, tsUsec: 0, sourceUuid: 'S', dlt: DRONE_FRAME_LINK_TYPES.WIFI, data: plainBeacon({ transmitter: '60:60:1f:12:34:56', ssid }), annotations: {} });
    beacon('Spark-RC-1', 1_700_000_000);
    assert.equal((await (await t.request('/devices/views/phy-UAV/devices.json')).json()), [], 'the remote controller is no drone');
    beacon('Spark-1a2b', 1_700_000_001);
    beacon('Spark-1a2b', 1_700_000_002);
    const [drone] = (await (await t.request('/devices/views/phy-UAV/devices.json')).json()) as Record<string, any>[];
    const uav = drone!['uav.device'];
    assert.equal([uav['uav.manufacturer'], uav['uav.model'], uav['uav.match_type'], uav['uav.device.id_kind'], uav['uav.type']['uav.manufmatch.match_name']], ['DJI', 'Spark', 'UAV Fingerprint', 'mac', 'dji_spark']);
    assert.equal([drone!['svc.device.base.macaddr'], drone!['svc.device.base.packets.total'], drone!['svc.device.base.manuf']], ['60:60:1F:12:34:56', 2, 'DJI']);
    assert.equal(drone!['svc.device.base.related_devices'], { uav_transmitter: ['4202770D00000000_60601F123456'] });
    const rules = (await (await t.request('/phy/phyuav/manuf_matchers.json')).json()) as Record<string, unknown>[];
    assert.equal(rules.map((rule) => rule['uav.manufmatch.match_name']), ['dji_spark', 'propel_hd_1']);
  } finally {
    await t.close();
  }
});

test.run();
