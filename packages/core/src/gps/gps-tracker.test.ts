/**
 * The GPS tracker: `gps=` parsing, ranking and expiry of fixes, failure and reopening, and the
 * whole path in a service: a virtual GPS configured in svc.conf, `/gps/location.json` before
 * and after, `/gps/all_gps.json`, and its position stamped onto packets and devices that a real
 * datasource captures.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { MessageBus } from '../messages/message-bus.js';
import { definePlugin } from '../plugin.js';
import { Registry } from '../registry.js';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil } from '../testing/index.js';
import { GpsFixQuality, type GpsFix } from './gps-fix.js';
import { parseGpsDefinition } from './gps-definition.js';
import { GpsTracker } from './gps-tracker.js';
import type { GpsContext, GpsTypeDefinition } from './gps-type.js';

const quiet = createLogger({ write: () => {} });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GPS type whose open contexts the test drives; `refuse` makes the next opens fail. */
function scriptedType() {
  const contexts: GpsContext[] = [];
  let refuse = 0;
  let closes = 0;
  const type: GpsTypeDefinition = {
    name: 'scripted',
    description: 'fixes pushed by the test',
    async open(_definition, context) {
      if (refuse > 0) {
        refuse--;
        throw new Error('no such device');
      }
      contexts.push(context);
      return { description: 'scripted', close: async () => void closes++ };
    },
  };
  return { type, contexts, refuseNext: (count: number) => void (refuse = count), closes: () => closes };
}

function tracker(types: GpsTypeDefinition[], now: () => number, retryDelay = 0.05) {
  const registry = new Registry<GpsTypeDefinition>('GPS type');
  for (const type of types) registry.add(type);
  const messages = new MessageBus(quiet, 50, () => {});
  return { gps: new GpsTracker({ types: registry, messages, log: quiet, validFor: 10, retryDelay, now }), messages };
}

const fix = (lat: number, lon: number, quality: number = GpsFixQuality.THREE_D): GpsFix => ({ lat, lon, alt: 10, fix: quality, time: 1_700_000_000.25 });

test('gps= lines: type, options, default and explicit names, and clear errors', () => {
  const parsed = parseGpsDefinition('serial:device=/dev/ttyUSB0,baud=4800');
  assert.is(parsed.type, 'serial');
  assert.is(parsed.name, 'serial');
  assert.equal([...parsed.options], [['device', '/dev/ttyUSB0'], ['baud', '4800']]);
  assert.is(parseGpsDefinition('serial:device=/dev/ttyUSB1', new Set(['serial'])).name, 'serial-2');
  assert.is(parseGpsDefinition('virtual:lat=1,lon=2,name=roof').name, 'roof');
  assert.not.ok(parseGpsDefinition('virtual:lat=1,lon=2,name=roof').options.has('name'));
  for (const [line, words] of [
    ['', 'empty'],
    ['serial:device', "option 'device' has no value"],
    ['ser ial:device=x', 'not a GPS type name'],
  ] as const) {
    assert.throws(() => parseGpsDefinition(line), (error: any) => error.code === 'SVC_ERR_BAD_GPS_DEFINITION' && error.message.includes(words), line);
  }
  assert.throws(() => parseGpsDefinition('virtual:lat=1,lon=2,name=roof', new Set(['roof'])), /already exists/);
});

test('uuid= gives a GPS its UUID, else one derived from its name and line, the same on every start; dataonly= is read; both leave the options', () => {
  const derived = parseGpsDefinition('virtual:lat=1,lon=2,name=roof');
  assert.match(derived.uuid, /^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  assert.is(parseGpsDefinition('virtual:lat=1,lon=2,name=roof').uuid, derived.uuid);
  assert.is.not(parseGpsDefinition('virtual:lat=1,lon=2,name=attic').uuid, derived.uuid);
  const given = parseGpsDefinition('virtual:lat=1,lon=2,uuid=8a1c3e20-0000-4000-8000-00000000001f,dataonly=true');
  assert.equal([given.uuid, given.dataOnly, [...given.options.keys()]], ['8A1C3E20-0000-4000-8000-00000000001F', true, ['lat', 'lon']]);
  assert.is(parseGpsDefinition('virtual:lat=1,lon=2').dataOnly, undefined);
  for (const line of ['virtual:uuid=123', 'virtual:dataonly=maybe']) {
    assert.throws(() => parseGpsDefinition(line), (error: any) => error.code === 'SVC_ERR_BAD_GPS_DEFINITION', line);
  }
});

test('GPSes are found by UUID and name; a UUID in use is a 409; remove closes one and takes it out', async () => {
  const scripted = scriptedType();
  const { gps, messages } = tracker([scripted.type], Date.now);
  const first = await gps.add('scripted:name=first,uuid=8A1C3E20-0000-4000-8000-000000000001');
  const second = await gps.add('scripted:name=second');
  assert.is(gps.byUuid('8a1c3e20-0000-4000-8000-000000000001'), first);
  assert.is(gps.byName('second'), second);
  try {
    await gps.add('scripted:name=third,uuid=8A1C3E20-0000-4000-8000-000000000001');
    assert.unreachable('a second GPS took the UUID');
  } catch (error: any) {
    assert.is(error.code, 'SVC_ERR_CONFLICT');
  }
  assert.is(gps.list().length, 2, 'nothing was added');
  scripted.contexts[0]!.update(fix(1, 1));
  assert.is(gps.best()?.device, first);
  await gps.remove(first);
  assert.equal([gps.list(), scripted.closes(), gps.best()], [[second], 1, undefined]);
  assert.ok(messages.since(0).some((message) => message['svc.messagebus.message_string'] === 'gps first (8A1C3E20-0000-4000-8000-000000000001) removed'));
  await gps.stop();
});

test('a data-only GPS is never the server position; namedGps gives its current fix to the sources bound to it; ensureMeta makes a missing one', async () => {
  const scripted = scriptedType();
  const meta: GpsTypeDefinition = { ...scriptedType().type, name: 'meta', dataOnly: true };
  let clock = 1_000_000;
  const { gps } = tracker([scripted.type, meta], () => clock);
  const car = await gps.add('scripted:name=car,dataonly=true');
  assert.is(car.dataOnly, true);
  scripted.contexts[0]!.update(fix(7, 7));
  assert.is(gps.best(), undefined, 'a data-only GPS is not the server position');
  assert.is(gps.packetGpsAt(clock / 1000), undefined);
  assert.equal(gps.namedGps('car'), { lat: 7, lon: 7, alt: 10, fix: 3, time: 1_700_000_000.25 });
  clock += 10_001;
  assert.is(gps.namedGps('car'), undefined, 'an old fix is not stamped');
  assert.is(gps.namedGps('nobody'), undefined);
  gps.ensureMeta('car');
  assert.is(gps.list().length, 1, 'a GPS of that name exists');
  gps.ensureMeta('van');
  const van = gps.byName('van');
  assert.equal([van?.definition.type, van?.dataOnly], ['meta', true]);
  await gps.stop();
});

test('the first GPS with a recent 2D or 3D fix wins; old and lost fixes stop counting', async () => {
  let clock = 1_000_000;
  const scripted = scriptedType();
  const { gps } = tracker([scripted.type], () => clock);
  await gps.add('scripted:name=first');
  await gps.add('scripted:name=second');
  const [first, second] = scripted.contexts;
  assert.is(gps.packetGps, undefined);
  second!.update(fix(2, 2));
  assert.equal(gps.packetGps, { lat: 2, lon: 2, alt: 10, fix: 3, time: 1_700_000_000.25 });
  first!.update(fix(1, 1));
  assert.is(gps.best()?.device.definition.name, 'first');
  first!.update(fix(1, 1, GpsFixQuality.NO_FIX));
  assert.is(gps.best()?.device.definition.name, 'second', 'a GPS that lost its fix gives way');
  clock += 10_001;
  gps.refresh();
  assert.is(gps.packetGps, undefined, 'a fix older than gps_fix_valid_time is not stamped');
  second!.update(fix(3, 3, GpsFixQuality.TWO_D));
  assert.is(gps.packetGps?.lat, 3);
  await gps.stop();
  assert.is(gps.packetGps, undefined);
  assert.is(scripted.closes(), 2);
});

/** A GPS type that knows where it was from `from` to `to` (Unix seconds): at `lat` plus the seconds since `from` / 1000. */
function recordedType(name: string, lat: number, from: number, to: number) {
  const contexts: GpsContext[] = [];
  const type: GpsTypeDefinition = {
    name,
    description: 'a recorded track',
    async open(_definition, context) {
      contexts.push(context);
      return {
        description: name,
        positionAt: (time) => (time < from || time > to ? undefined : { lat: lat + (time - from) / 1000, lon: 1, fix: GpsFixQuality.TWO_D, time }),
        close: async () => {},
      };
    },
  };
  return { type, contexts };
}

test('a packet recorded at a time a recorded track covers takes its position then; others the current fix', async () => {
  const scripted = scriptedType();
  const early = recordedType('early', 10, 1000, 2000);
  const late = recordedType('late', 20, 1500, 3000);
  const { gps } = tracker([scripted.type, early.type, late.type], Date.now);
  await gps.add('scripted');
  await gps.add('early');
  await gps.add('late');
  const now = Date.now() / 1000;
  assert.is(gps.packetGpsAt(now), undefined, 'a live packet without a current fix has no position');
  scripted.contexts[0]!.update(fix(5, 5));
  assert.equal(gps.packetGpsAt(now), gps.packetGps, 'a live packet takes the current fix');
  assert.is(gps.packetGpsAt(now)?.lat, 5);
  assert.equal(gps.packetGpsAt(1200), { lat: 10.2, lon: 1, alt: undefined, fix: 2, time: 1200 }, "where the track was at the packet's time, stamped with it");
  assert.is(gps.packetGpsAt(1600)?.lat, 10.6, 'both tracks cover it: the first in rank order');
  assert.is(gps.packetGpsAt(2500)?.lat, 21);
  assert.is(gps.packetGpsAt(3000.5)?.lat, 5, 'after every track: the current fix');
  early.contexts[0]!.lost('the file went away');
  assert.is(gps.packetGpsAt(1200)?.lat, 5, 'a GPS in error places no packet');
  assert.is(gps.packetGpsAt(1600)?.lat, 20.1);
  await gps.stop();
  assert.is(gps.packetGpsAt(2500), undefined, 'a stopped tracker places nothing');
});

test('a GPS that fails to open, or goes away, is reported and reopened; an unknown type is refused', async () => {
  const scripted = scriptedType();
  const { gps, messages } = tracker([scripted.type], Date.now);
  try {
    await gps.add('nosuch:device=/dev/x');
    assert.unreachable('an unknown type was accepted');
  } catch (error: any) {
    assert.is(error.code, 'SVC_ERR_NO_GPS_TYPE');
    assert.match(error.message, /no GPS type 'nosuch' \(known: scripted\)/);
  }
  scripted.refuseNext(1);
  const device = await gps.add('scripted');
  assert.is(device.state, 'error');
  assert.match(device.error, /no such device/);
  await sleep(150);
  assert.is(device.state, 'running', 'reopened after the retry delay');
  scripted.contexts[0]!.update(fix(5, 5));
  scripted.contexts[0]!.lost('serial device /dev/ttyUSB0 went away');
  assert.is(gps.packetGps, undefined, 'a lost GPS stops stamping at once');
  scripted.contexts[0]!.update(fix(6, 6));
  assert.is(device.lastFix?.lat, 5, 'reports of a lost connection are ignored');
  await sleep(150);
  assert.is(device.state, 'running');
  assert.is(scripted.contexts.length, 2);
  const texts = messages.since(0).map((message) => message['svc.messagebus.message_string']);
  assert.ok(texts.some((text) => /gps scripted failed: serial device \/dev\/ttyUSB0 went away; retrying/.test(String(text))), texts.join('\n'));
  await gps.stop();
});

test('a service with gps=virtual serves the fix and stamps it onto packets and devices', async () => {
  const harness = createTestDatasource();
  const t = await createTestService({
    plugins: [testPhyPlugin, harness.plugin],
    config: { gps: ['virtual:lat=52.2163689,lon=6.8850232,alt=102.9,name=roof', 'virtual:lat=abc,lon=1'] },
    log: quiet,
  });
  try {
    const before = (await (await t.request('/gps/location.json')).json()) as any;
    assert.equal(before['svc.common.location.fix'], 0, 'no fix before the GPS opens');
    assert.equal(before['svc.common.location.valid'], 0);
    await t.svc.start();
    const location = (await (await t.request('/gps/location.json')).json()) as any;
    assert.equal(location['svc.common.location.geopoint'], [6.8850232, 52.2163689]);
    assert.is(location['svc.common.location.alt'], 102.9);
    assert.is(location['svc.common.location.fix'], 3);
    assert.is(location['svc.common.location.valid'], 1);
    const all = (await (await t.request('/gps/all_gps.json')).json()) as any;
    assert.equal(all.map((gps: any) => [gps['svc.gps.name'], gps['svc.gps.state']]), [['roof', 'running'], ['virtual', 'error']]);
    assert.match(all[1]['svc.gps.error'], /lat=abc is not a number/);
    const anonymous = await t.request('/gps/location.json', { auth: false });
    assert.is(anonymous.status, 401, 'the GPS routes need a login');

    const source = await t.svc.datasources.add('testsource-1');
    harness.capture(source.uuid)!.emit(3);
    await waitUntil('the three devices are tracked', () => t.svc.devices.size >= 3);
    const device = [...t.svc.devices.devices()][0]!;
    const record = (await (await t.request(`/devices/by-key/${device.key}/device.json`)).json()) as any;
    const last = record['svc.device.base.location']['svc.common.location.last'];
    assert.equal(last['svc.common.location.geopoint'], [6.8850232, 52.2163689]);
    assert.is(last['svc.common.location.fix'], 3);
  } finally {
    await t.close();
  }
});

test.run();
