/**
 * The fleet's block of the integrations on the system page: on a fleet view, every sensor node
 * (`/fleet/sensors.json`) with its site, name, link state, when it was last heard and its sources
 * with their states; on a sensor, where it publishes and how its link is. A server that is
 * neither says so in one line. Refreshed every two seconds.
 */
import type { UiModuleApi, UiStateTone } from '@svc/core';
import type { SensorNodeRecord } from './sensor-names.js';

type Status = Readonly<Record<string, any>>;

/** How often the block asks the server again. */
const REFRESH_MS = 2000;

/** Link states (the sensor's and the view's) as healthy, waiting or failed. */
const LINK_TONE: Readonly<Record<string, UiStateTone>> = { connected: 'good', following: 'good', connecting: 'waiting', disconnected: 'bad', stopped: 'off', off: 'off' };

/** A datasource's state in words: running, paused, or what went wrong. */
function sourceState(source: Status): { state: string; tone: UiStateTone } {
  if (source['svc.datasource.error']) return { state: 'error', tone: 'bad' };
  if (source['svc.datasource.paused']) return { state: 'paused', tone: 'off' };
  if (source['svc.datasource.running']) return { state: 'running', tone: 'good' };
  return { state: 'stopped', tone: 'off' };
}

/** Registers the fleet block of the integrations. */
export function registerFleetSensorsBlock(ui: UiModuleApi): void {
  const { h } = ui;
  const { KeyValues, State, Table, Time } = ui.components;
  const state = (word: unknown, testid: string) => h(State, { state: String(word), tone: LINK_TONE[String(word)] ?? 'off', testid });

  /** One sensor node's row: site, node, its link state, last heard, and each source with its state. */
  function nodeRow(node: SensorNodeRecord): unknown[] {
    const status = (node['svc.fleet.sensor.status'] ?? {}) as Status;
    const sources = (node['svc.fleet.sensor.sources'] ?? []) as Status[];
    return [
      node['svc.fleet.sensor.site'],
      node['svc.fleet.sensor.node'],
      status['svc.fleet.state'] ? state(status['svc.fleet.state'], 'fleet-sensor-state') : '',
      h(Time, { seconds: Number(node['svc.fleet.sensor.last_heard']) }),
      h(
        'ul',
        { class: 'plain', 'data-testid': 'fleet-sensor-sources' },
        ...sources.map((source) => {
          const { state: word, tone } = sourceState(source);
          return h('li', null, `${source['svc.datasource.name'] || source['svc.datasource.uuid']} `, h(State, { state: word, tone }));
        }),
      ),
    ];
  }

  /** The view's state and its sensors. */
  function FleetView() {
    const nodes = ui.hooks.usePolled<SensorNodeRecord[]>(() => ui.get('fleet/sensors.json'), REFRESH_MS, []);
    return h(
      'div',
      { 'data-testid': 'fleet-sensors' },
      nodes.error ? h('p', { class: 'error' }, nodes.error) : null,
      h(Table, { columns: ['Site', 'Node', 'Link', 'Last heard', 'Sources'], rows: (nodes.value ?? []).map(nodeRow), empty: 'No sensor heard yet.' }),
    );
  }

  /** Which side of the fleet this server is, with its link, and the sensors when it is the view. */
  function body(status: Status) {
    const view = Boolean(status['svc.fleet.view.enabled']);
    const sensor = Boolean(status['svc.fleet.enabled']);
    if (!view && !sensor) return h('p', { class: 'muted', 'data-testid': 'fleet-off' }, 'Not in a fleet: set fleet_publish to publish to one, or fleet_view (svc start --fleet) to be its view.');
    return h(
      ui.Fragment,
      null,
      h(KeyValues, {
        rows: [
          ...(sensor ? [['Publishing', state(status['svc.fleet.state'], 'fleet-publish-state')] as const] : []),
          ...(view ? ([['Fleet view', state(status['svc.fleet.view.state'], 'fleet-view-state')], ['Servers', status['svc.fleet.view.servers']]] as const) : []),
          ...(view && status['svc.fleet.view.last_error'] ? [['Last error', h('span', { class: 'error' }, status['svc.fleet.view.last_error'])] as const] : []),
        ],
      }),
      view ? h(FleetView, null) : null,
    );
  }

  ui.integrationPanel({
    title: 'Fleet',
    render: () => {
      const status = ui.hooks.usePolled<Status>(() => ui.get('fleet/status.json'), REFRESH_MS, []);
      return h('div', { 'data-testid': 'fleet-panel' }, status.error ? h('p', { class: 'error' }, status.error) : null, status.value !== undefined ? body(status.value) : null);
    },
  });
}
