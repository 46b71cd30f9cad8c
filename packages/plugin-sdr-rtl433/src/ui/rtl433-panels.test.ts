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

test('a thermometer shows its temperature in Celsius and its humidity, each with a graph, and its last message', async () => {
  const t = await createTestService({ plugins: [rtl433Plugin] });
  try {
    const line = '{"model":"Ambientweather-F007TH","id":37,"channel":5,"battery_ok":1,"temperature_F":68.9,"humidity":36}';
    runPacketChain(t.svc.hooks, { tsSec: Math.floor(Date.now() / 1000), tsUsec: 0, sourceUuid: 'SOURCE', dlt: 0, json: { type: RTL433_RECORD_TYPE, text: line }, annotations: {} });
    const [device] = (await (await t.request('/devices/views/phy-RFSENSOR/devices.json')).json()) as Record<string, unknown>[];

    const panels: Panel[] = [];
    const components = { KeyValues: () => null, Graph: () => null, Table: () => null };
    const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });
    const rrd = () => ({ times: [1, 2], values: [20, 21] });
    registerRtl433Panels({ h, components, rrd, devicePanel: (panel: Panel) => panels.push(panel) } as unknown as UiModuleApi);
    assert.equal(panels.map((panel) => [panel.phy, panel.title]), [['RFSENSOR', 'Sensor']]);

    const tree = elements(panels[0]!.render({ device: device! }));
    const summary = tree.find((element) => element.type === components.KeyValues)!.props!.rows as [string, string][];
    assert.equal(summary.slice(0, 3), [['Model', 'Ambientweather-F007TH'], ['Id', '37'], ['Channel', '5']]);
    const readings = tree.filter((element) => element.props?.['data-reading']).map((element) => [element.props!['data-reading'], element.children[0]]);
    assert.equal(readings, [
      ['sensor.device.temperature', '20.5 °C'],
      ['sensor.device.humidity', '36 %'],
    ]);
    const graphs = tree.filter((element) => element.type === components.Graph).map((element) => element.props!.title);
    assert.equal(graphs, ['temperature, last hour (mean per minute)', 'humidity, last hour (mean per minute)']);
    assert.ok(tree.some((element) => element.type === 'pre' && element.children[0] === line), 'the last message as rtl_433 printed it');
  } finally {
    await t.close();
  }
});

test.run();
