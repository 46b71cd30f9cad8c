/**
 * The integrations panel of the system page: MQTT out (the broker, whether svc is connected,
 * the queue against its bound, what was dropped and sent) and every alert sink of the
 * `alert_sink=` lines (its state, target, sent, failed and dropped counts, the last error),
 * refreshed every few seconds. MQTT comes from `@svc/plugin-mqtt`; without that plugin the
 * panel says so and still shows the sinks.
 */
import { ApiError, get } from '../api';
import { usePolled } from '../use-polled';
import { count } from '../format';
import { integrationPanels } from '../ui-modules';
import { KeyValues } from './KeyValues';
import { ModuleBoundary } from './ModuleBoundary';
import { Section } from './Section';
import { State as StateWord, type StateTone } from './State';
import { Table } from './Table';
import { Time } from './Time';

type Record_ = Record<string, any>;

const REFRESH_MS = 2000;

/** `/mqtt/status.json`, or null when no plugin serves it. */
async function mqttStatus(): Promise<Record_ | null> {
  try {
    return await get<Record_>('mqtt/status.json');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** States shown as healthy, waiting or failed. */
const STATE_TONE: Record<string, StateTone> = { connected: 'good', idle: 'good', delivering: 'good', connecting: 'waiting', waiting: 'bad', retrying: 'waiting', failing: 'bad', off: 'off', stopped: 'off' };

function State({ state, testid }: { state: string; testid: string }) {
  return <StateWord state={state} tone={STATE_TONE[state] ?? 'off'} testid={testid} />;
}

function Mqtt({ status }: { status: Record_ | null }) {
  if (!status) return <p class="muted">The MQTT plugin is not loaded.</p>;
  if (!status['svc.mqtt.enabled']) return <p class="muted" data-testid="mqtt-off">MQTT out is off: set mqtt_broker to publish to a broker.</p>;
  const since = Number(status['svc.mqtt.connected_since'] ?? 0);
  return (
    <KeyValues
      rows={[
        ['Broker', status['svc.mqtt.broker']],
        ['Connection', <State state={String(status['svc.mqtt.state'])} testid="mqtt-state" />],
        ['Connected since', since ? <Time seconds={since} /> : undefined],
        ['Topic prefix', status['svc.mqtt.topic_prefix']],
        ['Queue', <span data-testid="mqtt-queue">{`${count(Number(status['svc.mqtt.queued']))} of ${count(Number(status['svc.mqtt.queue_max']))}`}</span>],
        ['Dropped', <span data-testid="mqtt-dropped">{count(Number(status['svc.mqtt.dropped']))}</span>],
        ['Sent', <span data-testid="mqtt-sent">{count(Number(status['svc.mqtt.sent']))}</span>],
        ['Reconnections', count(Math.max(0, Number(status['svc.mqtt.connections']) - 1))],
        ['Last error', status['svc.mqtt.last_error'] ? <span class="error">{status['svc.mqtt.last_error']}</span> : undefined],
        ['Home Assistant', status['svc.mqtt.homeassistant'] ? `${count(Number(status['svc.mqtt.homeassistant_entities']))} entities` : 'off'],
      ]}
    />
  );
}

/** The integrations section. */
export function Integrations() {
  const mqtt = usePolled(mqttStatus, REFRESH_MS, []);
  const sinks = usePolled(() => get<Record_[]>('alerts/sinks.json'), REFRESH_MS, []);
  const error = mqtt.error || sinks.error;
  return (
    <Section title="Integrations">
      {error && <p class="error">{error}</p>}
      <h3>MQTT</h3>
      <div data-testid="mqtt-panel">{mqtt.value !== undefined && <Mqtt status={mqtt.value} />}</div>
      {integrationPanels.value.map((panel) => {
        const Panel = panel.render;
        return (
          <div key={`${panel.module}:${panel.title}`}>
            <h3>{panel.title}</h3>
            <ModuleBoundary module={panel.module}>
              <Panel />
            </ModuleBoundary>
          </div>
        );
      })}
      <h3>Alert sinks</h3>
      <div data-testid="alert-sinks">
        <Table
          columns={['Sink', 'Type', 'Target', 'State', 'Sent', 'Failed', 'Dropped', 'Queued', 'Last error']}
          rows={(sinks.value ?? []).map((sink) => [
            <span data-testid="sink-name">{sink['svc.alert.sink.name']}</span>,
            sink['svc.alert.sink.type'],
            sink['svc.alert.sink.target'],
            <State state={String(sink['svc.alert.sink.state'])} testid="sink-state" />,
            <span data-testid="sink-sent">{count(Number(sink['svc.alert.sink.sent']))}</span>,
            <span data-testid="sink-failed">{count(Number(sink['svc.alert.sink.failed']))}</span>,
            count(Number(sink['svc.alert.sink.dropped'])),
            count(Number(sink['svc.alert.sink.queued'])),
            sink['svc.alert.sink.last_error'] ? <span class="error">{sink['svc.alert.sink.last_error']}</span> : '',
          ])}
          empty="No alert sinks: add alert_sink= lines to deliver alerts to a webhook, syslog or MQTT."
        />
      </div>
    </Section>
  );
}
