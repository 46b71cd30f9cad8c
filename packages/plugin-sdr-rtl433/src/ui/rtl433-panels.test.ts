/**
 * The sensor panel, rendered with a stand-in for the web app (its `h` returns plain objects)
 * from a device record the plugin itself made from an rtl_433 line: the readings it shows are
 * the record's, in svc's units, with a graph per reading.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runPacketChain, type UiModuleApi } from '@svc/core';
import { createTestService } from '@svc/core/testing';
import rtl433Plugin from '../index.js';
import { RTL433_RECORD_TYPE } from '../rtl433-decoder.js';
import registerRtl433Panels from './rtl433-panels.js';

/** A panel as a module registers it. */
type Panel = Parameters<UiModuleApi['devicePanel']>[0];

interface Element {
  type: unknown;
  props: Record<string, any> | null;
  children: unknown[];
}

/** Every element of a rendered tree, depth first, including those in a table's rows. */
function elements(node: unknown): Element[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!node || typeof node !== 'object' || !('children' in node)) return [];
  const element = node as Element;
  return [element, ...elements(element.props?.rows ?? []), ...element.children.flatMap(elements)];
}

/** The panel registered by the module and the components it renders with. */
function registeredPanel(): { panel: Panel; components: Record<string, () => null> } {
  const panels: Panel[] = [];
  const components = { KeyValues: () => null, Graph: () => null, Table: () => null };
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });
  const rrd = () => ({ times: [1, 2], values: [20, 21] });
  registerRtl433Panels({ h, components, rrd, devicePanel: (panel: Panel) => panels.push(panel) } as unknown as UiModuleApi);
  assert.equal(panels.map((panel) => [panel.phy, panel.title]), [['RFSENSOR', 'Sensor']]);
  return { panel: panels[0]!, components };
}

/** The device records the plugin makes from `lines`, by name. */
async function devicesOf(lines: readonly string[]): Promise<Record<string, Record<string, unknown>>> {
  const t = await createTestService({ plugins: [rtl433Plugin] });
  try {
    for (const line of lines) runPacketChain(t.svc.hooks, { tsSec: Math.floor(Date.now() / 1000), tsUsec: 0, sourceUuid: 'SOURCE', dlt: 0, json: { type: RTL433_RECORD_TYPE, text: line }, annotations: {} });
    const devices = (await (await t.request('/devices/views/phy-RFSENSOR/devices.json')).json()) as Record<string, unknown>[];
    return Object.fromEntries(devices.map((device) => [device['svc.device.base.name'], device]));
  } finally {
    await t.close();
  }
}

test('a thermometer shows its temperature in Celsius and its humidity as moisture, each with a graph, its battery in words, and its last message', async () => {
  const line = '{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":1,"temperature_F":68.9,"humidity":36}';
  const { 'Ambientweather-F007TH-37': device } = await devicesOf([line]);
  const { panel, components } = registeredPanel();
  const tree = elements(panel.render({ device: device! } as never));
  const summary = tree.find((element) => element.type === components.KeyValues)!.props!.rows as [string, string][];
  assert.equal(summary.slice(0, 4), [['Model', 'Ambientweather-F007TH-37'], ['Id', '37'], ['Channel', '5'], ['Battery', 'OK']]);
  const readings = tree.filter((element) => element.props?.['data-reading']).map((element) => [element.props!['data-reading'], element.children[0]]);
  assert.equal(readings, [
    ['sensor.device.temperature', '20.5 °C'],
    ['sensor.device.moisture', '36 %'],
  ]);
  const graphs = tree.filter((element) => element.type === components.Graph).map((element) => element.props!.title);
  assert.equal(graphs, ['temperature, last hour (mean per minute)', 'humidity or moisture, last hour (mean per minute)']);
  assert.ok(tree.some((element) => element.type === 'pre' && element.children[0] === line), 'the last message as rtl_433 printed it');
});

test('an air quality sensor shows PM2.5 and PM10 with graphs; a tyre sensor, switches and an Insteon device show their last values', async () => {
  const devices = await devicesOf([
    '{"model":"Fineoffset-WH0290","id":146,"battery_ok":0.6,"pm2_5_ug_m3":11,"estimated_pm10_0_ug_m3":10,"family":65,"unknown1":0,"mic":"CRC"}',
    '{"model":"Schrader-EG53MA4","type":"TPMS","flags":"4d930078","id":"891932","pressure_kPa":220.0,"temperature_F":103.0,"mic":"CHECKSUM","freq":314.931}',
    '{"model":"Insteon","from_id":"CCFF79","to_id":"9F39E6","msg_type":7,"msg_str":"NAK of Group Cleanup Direct Message","extended":0,"hopsmax":3,"hopsleft":0,"mic":"CRC"}',
    '{"model":"Interlogix-Security","subtype":"contact","id":"a55b4b","battery_ok":1,"switch1":"OPEN","switch2":"CLOSED"}',
  ]);
  const { panel, components } = registeredPanel();
  const render = (name: string) => elements(panel.render({ device: devices[name]! } as never));

  const air = render('Fineoffset-WH0290-146');
  assert.equal(
    air.filter((element) => element.props?.['data-reading']).map((element) => element.children[0]),
    ['11 µg/m³', '10 µg/m³'],
  );
  assert.equal(air.filter((element) => element.type === components.Graph).map((element) => element.props!.title), ['PM2.5, last hour (mean per minute)', 'PM10, last hour (mean per minute)']);
  assert.ok(air.some((element) => element.type === 'h3' && element.children[0] === 'Air quality'));
  assert.equal((air.find((element) => element.type === components.KeyValues)!.props!.rows as [string, string][])[3], ['Battery', '60 %']);

  const values = (name: string, field: string) => {
    const section = render(name).find((element) => element.props?.['data-values'] === field)!;
    return (section.children[0] as Element).props!.rows;
  };
  assert.equal(values('Schrader-EG53MA4-891932', 'sensor.device.tpms'), [
    ['Pressure', '220 kPa'],
    ['Temperature', '39.4444 °C'],
    ['Frequency', '314.931 MHz'],
    ['Flags', '4d930078'],
    ['Checksum', 'CHECKSUM'],
  ]);
  assert.equal(values('Insteon', 'sensor.device.insteon'), [
    ['From', 'CCFF79'],
    ['To', '9F39E6'],
    ['Message type', '7'],
    ['Message', 'NAK of Group Cleanup Direct Message'],
    ['Hops max', '3'],
    ['Hops left', '0'],
  ]);
  assert.equal(values('Interlogix-Security-a55b4b', 'sensor.device.switch'), [
    ['Switch 1', 'OPEN'],
    ['Switch 2', 'CLOSED'],
  ]);
});

test.run();
