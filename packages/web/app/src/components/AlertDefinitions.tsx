/**
 * Every alert the server can raise (built-in, from plugins, defined by clients) with its class,
 * severity and rate: an alert whose rate is 0 (`disable_alert=` or `alert=NAME,0/min,0/sec`)
 * is shown as off. How many were sent in the current window and when the last one was.
 */
import { get } from '../api';
import { usePolled } from '../use-polled';
import { Section } from './Section';
import { Table } from './Table';
import { Time } from './Time';
import { severityName } from '../severity';

type Definition = Record<string, any>;

const UNITS = ['sec', 'min', 'hour', 'day'];
const REFRESH_MS = 5000;

/** True when an alert can never be raised: either of its rates is 0. */
export function isOff(definition: Definition): boolean {
  return !definition['svc.alert.definition.limit_rate'] || !definition['svc.alert.definition.limit_burst'];
}

/** `10/min, burst 1/sec`, or `off`. */
export function rateText(definition: Definition): string {
  if (isOff(definition)) return 'off';
  const unit = (field: string) => UNITS[Number(definition[field])] ?? '?';
  return `${definition['svc.alert.definition.limit_rate']}/${unit('svc.alert.definition.limit_unit')}, burst ${definition['svc.alert.definition.limit_burst']}/${unit('svc.alert.definition.burst_unit')}`;
}

/** The definitions table. */
export function AlertDefinitions() {
  const polled = usePolled(() => get<Definition[]>('alerts/definitions.json'), REFRESH_MS, []);
  const definitions = [...(polled.value ?? [])].sort((a, b) => String(a['svc.alert.definition.header']).localeCompare(String(b['svc.alert.definition.header'])));
  const off = definitions.filter(isOff).length;
  return (
    <Section title={`Alert definitions (${definitions.length}, ${off} off)`}>
      {polled.error && <p class="error">{polled.error}</p>}
      <Table
        columns={['Alert', 'Class', 'Severity', 'Rate', 'Sent', 'Last sent', 'Description']}
        rows={definitions.map((definition) => {
          const severity = severityName(Number(definition['svc.alert.definition.severity'] ?? 0));
          return [
            <strong data-testid="definition-header" class={isOff(definition) ? 'muted' : ''}>
              {definition['svc.alert.definition.header']}
            </strong>,
            definition['svc.alert.definition.class'],
            <span class={`severity severity-${severity}`}>{severity}</span>,
            <span data-testid="definition-rate" class={isOff(definition) ? 'off' : ''}>
              {rateText(definition)}
            </span>,
            definition['svc.alert.definition.total_sent'],
            <Time seconds={Number(definition['svc.alert.definition.time_last'] ?? 0)} />,
            <span class="small">{definition['svc.alert.definition.description']}</span>,
          ];
        })}
        empty="No alerts are defined."
      />
    </Section>
  );
}
