/**
 * The alerts page: the alert backlog, newest first, with new alerts arriving live over the event
 * bus (`ALERT`), and the server's messages (`MESSAGE`) beside it. An alert's MACs open the
 * devices they name.
 */
import { useEffect, useState } from 'preact/hooks';
import { describe, get } from '../api';
import { DeviceLink } from '../components/DeviceLink';
import { Section } from '../components/Section';
import { Table } from '../components/Table';
import { Time } from '../components/Time';
import { subscribe } from '../event-bus';

type Alert = Record<string, any>;
type Message = Record<string, any>;

/** How many alerts and messages the page keeps. */
const KEPT = 500;

const SEVERITY = ['info', 'low', 'medium', 'high', 'critical'];

function severityName(value: number): string {
  if (value >= 20) return SEVERITY[4]!;
  if (value >= 15) return SEVERITY[3]!;
  if (value >= 10) return SEVERITY[2]!;
  if (value >= 5) return SEVERITY[1]!;
  return SEVERITY[0]!;
}

function newestFirst<T extends Record<string, any>>(items: T[], timeField: string, key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items
    .filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)))
    .sort((a, b) => Number(b[timeField]) - Number(a[timeField]))
    .slice(0, KEPT);
}

const alertKey = (alert: Alert) => `${alert['svc.alert.hash']}:${alert['svc.alert.timestamp']}`;
const messageKey = (message: Message) => `${message['svc.messagebus.message_time']}:${message['svc.messagebus.message_string']}`;

/** The alerts page. */
export function Alerts() {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [messages, setMessages] = useState<Message[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    const stopAlerts = subscribe('ALERT', (alert) => setAlerts((list) => newestFirst([alert, ...list], 'svc.alert.timestamp', alertKey)));
    const stopMessages = subscribe('MESSAGE', (message) => setMessages((list) => newestFirst([message, ...list], 'svc.messagebus.message_time', messageKey)));
    get<Alert[]>('alerts/all_alerts.json').then(
      (list) => setAlerts((live) => newestFirst([...live, ...list], 'svc.alert.timestamp', alertKey)),
      (failure) => setError(describe(failure)),
    );
    get<Message[]>('messagebus/all_messages.json').then(
      (list) => setMessages((live) => newestFirst([...live, ...list], 'svc.messagebus.message_time', messageKey)),
      (failure) => setError(describe(failure)),
    );
    return () => {
      stopAlerts();
      stopMessages();
    };
  }, []);
  const mac = (alert: Alert, field: string) => {
    const value = alert[field] as string | undefined;
    if (!value || value === '00:00:00:00:00:00') return '';
    return alert['svc.alert.device_key'] && field === 'svc.alert.transmitter_mac' ? <DeviceLink deviceKey={alert['svc.alert.device_key']}>{value}</DeviceLink> : value;
  };
  return (
    <main class="page alerts">
      {error && <p class="error">{error}</p>}
      <Section title={`Alerts (${alerts.length})`}>
        <Table
          columns={['Time', 'Alert', 'Severity', 'Text', 'Transmitter', 'Source', 'Destination', 'Channel']}
          rows={alerts.map((alert) => [
            <Time seconds={Number(alert['svc.alert.timestamp'])} />,
            <strong data-testid="alert-header">{alert['svc.alert.header']}</strong>,
            <span class={`severity severity-${severityName(Number(alert['svc.alert.severity'] ?? 0))}`}>{severityName(Number(alert['svc.alert.severity'] ?? 0))}</span>,
            alert['svc.alert.text'],
            mac(alert, 'svc.alert.transmitter_mac'),
            mac(alert, 'svc.alert.source_mac'),
            mac(alert, 'svc.alert.dest_mac'),
            alert['svc.alert.channel'],
          ])}
          empty="No alerts yet."
        />
      </Section>
      <Section title="Messages">
        <Table columns={['Time', 'Message']} rows={messages.map((message) => [<Time seconds={Number(message['svc.messagebus.message_time'])} />, message['svc.messagebus.message_string']])} empty="No messages." />
      </Section>
    </main>
  );
}
