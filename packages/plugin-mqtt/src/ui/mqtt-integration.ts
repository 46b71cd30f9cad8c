/**
 * The MQTT plugin's UI module, built for the browser into `dist/ui/mqtt.js` and loaded by the
 * web app after login: MQTT out in the integrations of the system page (the broker, whether
 * svc is connected and since when, the queue against its bound, what was dropped and sent,
 * reconnections, the last error, Home Assistant's entities), from `/mqtt/status.json`,
 * refreshed every two seconds. Without the plugin the app shows no MQTT at all.
 */
import type { UiModuleApi, UiStateTone } from '@svc/core';
import type { PublisherState } from '../broker/mqtt-publisher.js';

type Status = Readonly<Record<string, any>>;

/** How often the block asks the server again. */
const REFRESH_MS = 2000;

/** The publisher's states as healthy, waiting or failed (`waiting` is for the broker to come back). */
const STATE_TONE: Readonly<Record<PublisherState, UiStateTone>> = { connected: 'good', connecting: 'waiting', waiting: 'bad', stopped: 'off' };

const COUNT = new Intl.NumberFormat();
const count = (value: unknown) => COUNT.format(Number(value));

/** Registers the MQTT block of the integrations. */
export default function registerMqttIntegration(ui: UiModuleApi): void {
  const { h } = ui;
  const { KeyValues, State, Time } = ui.components;

  /** The status as rows, or a sentence when MQTT out is off. */
  function body(status: Status) {
    if (!status['svc.mqtt.enabled']) return h('p', { class: 'muted', 'data-testid': 'mqtt-off' }, 'MQTT out is off: set mqtt_broker to publish to a broker.');
    const since = Number(status['svc.mqtt.connected_since'] ?? 0);
    const state = String(status['svc.mqtt.state']);
    return h(KeyValues, {
      rows: [
        ['Broker', status['svc.mqtt.broker']],
        ['Connection', h(State, { state, tone: STATE_TONE[state as PublisherState] ?? 'off', testid: 'mqtt-state' })],
        ['Connected since', since ? h(Time, { seconds: since }) : undefined],
        ['Topic prefix', status['svc.mqtt.topic_prefix']],
        ['Queue', h('span', { 'data-testid': 'mqtt-queue' }, `${count(status['svc.mqtt.queued'])} of ${count(status['svc.mqtt.queue_max'])}`)],
        ['Dropped', h('span', { 'data-testid': 'mqtt-dropped' }, count(status['svc.mqtt.dropped']))],
        ['Sent', h('span', { 'data-testid': 'mqtt-sent' }, count(status['svc.mqtt.sent']))],
        ['Reconnections', count(Math.max(0, Number(status['svc.mqtt.connections']) - 1))],
        ['Last error', status['svc.mqtt.last_error'] ? h('span', { class: 'error' }, status['svc.mqtt.last_error']) : undefined],
        ['Home Assistant', status['svc.mqtt.homeassistant'] ? `${count(status['svc.mqtt.homeassistant_entities'])} entities` : 'off'],
      ],
    });
  }

  ui.integrationPanel({
    title: 'MQTT',
    render: () => {
      const status = ui.hooks.usePolled<Status>(() => ui.get('mqtt/status.json'), REFRESH_MS, []);
      return h('div', { 'data-testid': 'mqtt-panel' }, status.error ? h('p', { class: 'error' }, status.error) : null, status.value !== undefined ? body(status.value) : null);
    },
  });
}
