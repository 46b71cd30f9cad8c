/**
 * The Aircraft panel and the aircraft columns, rendered with a stand-in for the web app (its `h`
 * returns plain objects) from devices the plugin itself made out of Mode S frames: real
 * published frames (pyModeS's position pair and velocity of its documentation, moved to one
 * address) and built ones (identification with a category, an identity reply squawking 7700).
 * What the panel shows is the record's, in words and units, with the emergency squawk marked;
 * every field the panel and the columns read is one the ADSB PHY registers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger, runPacketChain, type UiDevice } from '@svc/core';
import { createTestService, keyValueRows, renderedElements, renderedText, standInUiApi, tableRows } from '@svc/core/testing';
import adsbPlugin from '../index.js';
import { ADSB_DEVICE_FIELDS } from '../aircraft/aircraft-device.js';
import { DLT_MODE_S } from '../feeds/mode-s-link-type.js';
import { identification, identityReply, readdressed } from '../testing/index.js';
import { registerAdsbColumns } from './adsb-columns.js';
import registerAdsbPanels from './adsb-panels.js';

const T0 = 1_457_996_400;
const KLM = 0x40621d;
const GLIDER = 0x3c6586;
/** pyModeS's airborne position pair of 40621D (odd, then even: 52.2572, 3.91937 at 38000 ft) and velocity of 485020. */
const ODD = '8D40621D58C386435CC412692AD6';
const EVEN = '8D40621D58C382D690C8AC2863A7';
const VELOCITY = '8D485020994409940838175B284F';

/** The aircraft a test service with the plugin made of `frames` (each with its time), as the REST API serves them, by ICAO address. */
async function aircraftOf(frames: readonly [Buffer, number][]): Promise<Map<string, UiDevice>> {
  const t = await createTestService({ plugins: [adsbPlugin], log: createLogger({ write: () => {} }) });
  try {
    for (const [data, time] of frames) runPacketChain(t.svc.hooks, { tsSec: time, tsUsec: 0, sourceUuid: 'S', dlt: DLT_MODE_S, data, annotations: {} });
    const devices = (await (await t.request('/devices/views/phy-ADSB/devices.json')).json()) as UiDevice[];
    return new Map(devices.map((device) => [String((device['adsb.device'] as Record<string, unknown>)['adsb.device.icao']), device]));
  } finally {
    await t.close();
  }
}

/** The panel of `device`, rendered: its summary rows as text, its tables' rows as text (in order), and the tree. */
function rendered(device: UiDevice) {
  const { ui, panels, components } = standInUiApi();
  registerAdsbPanels(ui);
  assert.equal(panels.map((panel) => [panel.phy, panel.title]), [['ADSB', 'Aircraft']]);
  const tree = renderedElements(panels[0]!.render({ device }));
  return { tree, components, rows: keyValueRows(tree, components.KeyValues), tables: tableRows(tree, components.Table) };
}

const FRAMES: [Buffer, number][] = [
  [identification(KLM, 'KLM1023', 'A3'), T0],
  [Buffer.from(ODD, 'hex'), T0],
  [Buffer.from(EVEN, 'hex'), T0 + 2],
  [readdressed(VELOCITY, KLM), T0 + 3],
  [identityReply(KLM, '7700'), T0 + 4],
  [Buffer.from(ODD, 'hex'), T0 + 8],
  [identification(GLIDER, 'DKXYZ', 'B1'), T0],
  [identityReply(GLIDER, '7000'), T0 + 1],
];

test('an airliner squawking 7700: its address, callsign, category, altitude, velocity and position, the squawk marked with its meaning', async () => {
  const { rows, tree, components, tables } = rendered((await aircraftOf(FRAMES)).get('40621D')!);
  assert.equal(rows, {
    'ICAO address': '40621D (United Kingdom)',
    Callsign: 'KLM1023',
    Category: 'A3 large',
    Altitude: '38000 ft',
    'Geometric altitude': '',
    Speed: '159 kt',
    Track: '182.9°',
    'Vertical rate': '-832 ft/min',
    Squawk: '7700 ',
    Emergency: 'general emergency',
    'On ground': 'no',
    'Last position': '52.26578, 3.93891',
  });
  const mark = tree.find((element) => element.type === components.State)!;
  assert.equal(mark.props, { state: 'general emergency', tone: 'bad', testid: 'adsb-emergency-squawk' });
  assert.equal(tables[0], [['DF5 surveillance, identity reply', '1'], ['DF17 extended squitter (ADS-B)', '5']]);
  const track = tables[1]!;
  assert.is(track.length, 2, 'positions 6 s apart are two points of the track');
  assert.equal(track[1]!.slice(1), ['52.25720', '3.91937', '38000 ft'], 'the pair’s position, as pyModeS decodes it');
  assert.equal(track[0]!.slice(1), ['52.26578', '3.93891', '38000 ft'], 'the newest point first: the last position, from the odd frame and the even one before it');
  assert.ok(tree.some((element) => element.type === 'h3' && renderedText(element) === 'Track (2 positions)'));
  const times = tree.filter((element) => element.type === components.Time).map((element) => element.props!.seconds);
  assert.equal(times, [T0 + 8, T0 + 2]);
  const line = tree.find((element) => element.type === 'polyline')!;
  assert.match(line.props!.points, /^[\d.]+,[\d.]+ [\d.]+,[\d.]+$/);
});

test('a glider squawking 7000 with no position: no mark, no velocity, no track', async () => {
  const { rows, tree, components, tables } = rendered((await aircraftOf(FRAMES)).get('3C6586')!);
  assert.equal(rows, {
    'ICAO address': '3C6586 (Germany)',
    Callsign: 'DKXYZ',
    Category: 'B1 glider',
    Altitude: '',
    'Geometric altitude': '',
    Speed: '',
    Track: '',
    'Vertical rate': '',
    Squawk: '7000',
    Emergency: '',
    'On ground': 'no',
    'Last position': '',
  });
  assert.is(tree.filter((element) => element.type === components.State).length, 0);
  assert.equal(tables, [[['DF5 surveillance, identity reply', '1'], ['DF17 extended squitter (ADS-B)', '1']], []]);
  assert.is(tree.find((element) => element.type === components.Table && element.props!.columns[0] === 'Time')!.props!.empty, 'no position decoded yet');
  assert.is(tree.filter((element) => element.type === 'svg').length, 0);
});

test('the columns read the aircraft’s record; the ADSB view shows the address, altitude, speed and squawk by default', async () => {
  const device = (await aircraftOf(FRAMES)).get('40621D')!;
  const { ui, columns } = standInUiApi();
  registerAdsbColumns(ui);
  assert.equal(columns.map((added) => [added.views, added.defaults]), [[['phy-ADSB'], ['name', 'adsb-icao', 'adsb-altitude', 'adsb-speed', 'adsb-squawk', 'signal', 'packets', 'seen']]]);
  const cells = columns[0]!.columns!.map((column) => {
    const [record, field] = column.field.split('/') as [string, string];
    const value = (device[record] as Record<string, unknown>)[field];
    return [column.id, column.cell ? column.cell(value) : String(value)];
  });
  assert.equal(cells, [['adsb-callsign', 'KLM1023'], ['adsb-icao', '40621D'], ['adsb-squawk', '7700'], ['adsb-altitude', '38000 ft'], ['adsb-speed', '159 kt']]);
  assert.is(device['svc.device.base.name'], 'KLM1023', 'the name column is the callsign');
});

test('every adsb.device field the panel and the columns read is registered by the ADSB PHY', () => {
  const read = new Set(['./adsb-panels.ts', './adsb-columns.ts'].flatMap((file) => [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/(adsb\.device\.[a-z_]+)'/g)].map((match) => match[1]!)));
  assert.ok(read.size >= 16, `${read.size} fields read`);
  const registered = new Set(ADSB_DEVICE_FIELDS.map((field) => field.name));
  assert.equal([...read].filter((field) => !registered.has(field)), []);
});

test.run();
