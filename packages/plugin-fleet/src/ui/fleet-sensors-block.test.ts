/**
 * The fleet block of the integrations, rendered with the UI stand-in: on a fleet view, every
 * sensor node the view's own sensor list holds (site, node, link state, last heard, sources with
 * their states); on a server that is neither sensor nor view (its real `/fleet/status.json`), one
 * line saying how to join; and every field the block reads is one a server with the plugin registers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger } from '@svc/core';
import { createTestService, renderedElements, renderedText, tableRows, testPhyPlugin } from '@svc/core/testing';
import fleetPlugin from '../index.js';
import { SensorNodes } from '../view/sensor-nodes.js';
import { registerFleetSensorsBlock } from './fleet-sensors-block.js';
import { fleetStandInUiApi } from './ui-stand-in.test-helper.js';

const T0 = 1_700_000_000;
const NORTH = { site: 'campus', node: 'north', uuid: '5FE308BD-0000-0000-0000-00000000000A' };
const SOUTH = { site: 'campus', node: 'south', uuid: '5FE308BD-0000-0000-0000-00000000000B' };

/** A source's state as a sensor publishes it. */
const source = (uuid: string, name: string, state: { running: number; paused: number; error: number }) => ({
  'svc.datasource.uuid': uuid,
  'svc.datasource.name': name,
  'svc.datasource.running': state.running,
  'svc.datasource.paused': state.paused,
  'svc.datasource.error': state.error,
});

/** The block rendered against what the server serves; the whole tree, flattened, with its components. */
function render(served: Record<string, unknown>) {
  const { ui, blocks, components } = fleetStandInUiApi(served);
  registerFleetSensorsBlock(ui);
  assert.equal(blocks.map((block) => block.title), ['Fleet']);
  const top = renderedElements(blocks[0]!.render({}));
  // The sensor table is a component of its own: render it as the app would.
  const inner = top.filter((element) => typeof element.type === 'function' && !Object.values(components).includes(element.type as never) && element.type !== ui.Fragment);
  const tree = [...top, ...inner.flatMap((element) => renderedElements((element.type as (props: unknown) => unknown)(element.props ?? {})))];
  return { tree, components };
}

test('a fleet view: each sensor node by site and node, its link, last heard, and its sources with their states', () => {
  const nodes = new SensorNodes();
  nodes.status(NORTH, T0, { 'svc.fleet.state': 'connected' });
  nodes.source(NORTH, T0 + 1, 'DATASOURCE_OPENED', source('A1', 'wlan0', { running: 1, paused: 0, error: 0 }));
  nodes.source(NORTH, T0 + 2, 'DATASOURCE_PAUSED', source('A2', 'rtl433', { running: 1, paused: 1, error: 0 }));
  nodes.status(SOUTH, T0 + 5, { 'svc.fleet.state': 'disconnected' });
  nodes.source(SOUTH, T0 + 5, 'DATASOURCE_ERROR', source('B1', 'hci0', { running: 0, paused: 0, error: 1 }));
  const { tree, components } = render({
    'fleet/status.json': { 'svc.fleet.enabled': 0, 'svc.fleet.state': 'off', 'svc.fleet.view.enabled': 1, 'svc.fleet.view.state': 'following', 'svc.fleet.view.servers': 'nats://127.0.0.1:4222', 'svc.fleet.view.last_error': '' },
    'fleet/sensors.json': nodes.records(),
  });
  const [table] = tableRows(tree, components.Table);
  assert.equal(table!.map((row) => [row[0], row[1], row[4]]), [
    ['campus', 'north', 'wlan0 rtl433 '],
    ['campus', 'south', 'hci0 '],
  ]);
  const states = tree.filter((element) => element.type === components.State).map((element) => [element.props!.state, element.props!.tone]);
  assert.equal(states, [['following', 'good'], ['connected', 'good'], ['running', 'good'], ['paused', 'off'], ['disconnected', 'bad'], ['error', 'bad']]);
  const heard = tree.filter((element) => element.type === components.Time).map((element) => element.props!.seconds);
  assert.equal(heard, [T0 + 2, T0 + 5]);
  const rows = tree.find((element) => element.type === components.KeyValues)!.props!.rows as [string, unknown][];
  assert.equal(rows.map(([label, value]) => [label, renderedText(value)]), [['Fleet view', ''], ['Servers', 'nats://127.0.0.1:4222']]);
});

test('a server in no fleet: one line saying how to join, from its real status', async () => {
  const t = await createTestService({ plugins: [testPhyPlugin, fleetPlugin], log: createLogger({ write: () => {} }) });
  try {
    const status = await (await t.request('/fleet/status.json')).json();
    const { tree, components } = render({ 'fleet/status.json': status });
    assert.match(renderedText(tree.find((element) => element.props?.['data-testid'] === 'fleet-off')), 'set fleet_publish');
    assert.is(tree.filter((element) => element.type === components.Table).length, 0);
  } finally {
    await t.close();
  }
});

test('every field the block reads is one a server with the plugin registers', async () => {
  const source = readFileSync(new URL('./fleet-sensors-block.ts', import.meta.url), 'utf8');
  const read = [...source.matchAll(/'(svc\.(?:fleet|datasource)\.[a-z_.]+)'/g)].map((match) => match[1]!);
  assert.ok(read.length > 10, `${read.length} fields read`);
  const t = await createTestService({ plugins: [testPhyPlugin, fleetPlugin], log: createLogger({ write: () => {} }) });
  try {
    assert.equal(read.filter((field) => !t.svc.fields.has(field)), []);
  } finally {
    await t.close();
  }
});

test.run();
