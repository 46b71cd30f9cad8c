/**
 * The MQTT block of the integrations, rendered with a stand-in for the web app (its `h` returns
 * plain objects, its `usePolled` a fixed status): the broker's state and counts when MQTT out
 * runs, a sentence when it is off, and that every field it reads is one the plugin registers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import type { UiModuleApi } from '@svc/core';
import { MQTT_STATUS_FIELDS } from '../out/mqtt-status.js';
import registerMqttIntegration from './mqtt-integration.js';

type Panel = Parameters<UiModuleApi['integrationPanel']>[0];
type Element = { type: unknown; props: Record<string, any>; children: unknown[] };

function render(status: Record<string, unknown>): Element {
  const panels: Panel[] = [];
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props: props ?? {}, children });
  const components = { KeyValues: 'KeyValues', State: 'State', Time: 'Time' };
  const hooks = { usePolled: () => ({ value: status, error: '', reload() {} }) };
  registerMqttIntegration({ h, components, hooks, get: async () => status, integrationPanel: (panel: Panel) => panels.push(panel) } as unknown as UiModuleApi);
  assert.equal(panels.map((panel) => panel.title), ['MQTT']);
  return panels[0]!.render({}) as Element;
}

test('MQTT out running: the broker, its state as a coloured word, the queue against its bound, dropped and sent', () => {
  const panel = render({ 'svc.mqtt.enabled': 1, 'svc.mqtt.broker': 'mqtt://broker:1883', 'svc.mqtt.state': 'waiting', 'svc.mqtt.queued': 3, 'svc.mqtt.queue_max': 10000, 'svc.mqtt.dropped': 0, 'svc.mqtt.sent': 12, 'svc.mqtt.connections': 2, 'svc.mqtt.homeassistant': 0 });
  assert.is(panel.props['data-testid'], 'mqtt-panel');
  const rows = Object.fromEntries((panel.children.find((child) => (child as Element | null)?.type === 'KeyValues') as Element).props.rows as [string, any][]);
  assert.is(rows.Broker, 'mqtt://broker:1883');
  assert.equal(rows.Connection.props, { state: 'waiting', tone: 'bad', testid: 'mqtt-state' });
  assert.equal(rows.Queue.children, [`3 of ${(10000).toLocaleString()}`]);
  assert.is(rows.Reconnections, '1');
  assert.is(rows['Home Assistant'], 'off');
});

test('MQTT out off: a sentence saying how to turn it on', () => {
  const panel = render({ 'svc.mqtt.enabled': 0 });
  const sentence = panel.children.find((child) => (child as Element | null)?.props?.['data-testid'] === 'mqtt-off') as Element;
  assert.match(String(sentence.children[0]), 'set mqtt_broker');
});

test('every field the block reads is one the plugin registers', () => {
  const source = readFileSync(new URL('./mqtt-integration.ts', import.meta.url), 'utf8');
  const registered = new Set(MQTT_STATUS_FIELDS.map((field) => field.name));
  const read = [...source.matchAll(/'(svc\.mqtt\.[a-z_]+)'/g)].map((match) => match[1]!);
  assert.ok(read.length > 5);
  for (const field of read) assert.ok(registered.has(field), field);
});

test.run();
