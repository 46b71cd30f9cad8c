/**
 * The integrations panel of the system page: the blocks UI modules add (what a plugin sends to
 * or reads from outside svc, such as a broker, with its state; a plugin that is not loaded adds
 * none) and every alert sink of the `alert_sink=` lines (its state, target, sent, failed and
 * dropped counts, the last error), refreshed every few seconds.
 */
import type { AlertSinkState } from '@svc/core';
import { get } from '../api';
import { usePolled } from '../use-polled';
import { count } from '../format';
import { integrationPanels } from '../ui-modules';
import { ModuleBoundary } from './ModuleBoundary';
import { Section } from './Section';
import { State as StateWord, type StateTone } from './State';
import { Table } from './Table';

type Record_ = Record<string, any>;

const REFRESH_MS = 2000;

/** Sink states as healthy, waiting or failed. */
const STATE_TONE: Readonly<Record<AlertSinkState, StateTone>> = { idle: 'good', delivering: 'good', retrying: 'waiting', failing: 'bad' };

function State({ state, testid }: { state: string; testid: string }) {
  return <StateWord state={state} tone={STATE_TONE[state as AlertSinkState] ?? 'off'} testid={testid} />;
}

/** The integrations section. */
export function Integrations() {
  const sinks = usePolled(() => get<Record_[]>('alerts/sinks.json'), REFRESH_MS, []);
  return (
    <Section title="Integrations">
      {integrationPanels.value.map((panel) => {
        const Panel = panel.render;
        return (
          <div key={`${panel.module}:${panel.title}`} data-module={panel.module}>
            <h3>{panel.title}</h3>
            <ModuleBoundary module={panel.module}>
              <Panel />
            </ModuleBoundary>
          </div>
        );
      })}
      <h3>Alert sinks</h3>
      {sinks.error && <p class="error">{sinks.error}</p>}
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
          empty="No alert sinks: add alert_sink= lines to deliver alerts (webhook, syslog, or a type a plugin adds)."
        />
      </div>
    </Section>
  );
}
