/**
 * The alerts page: the alert backlog, newest first, with new alerts arriving live over the event
 * bus (`ALERT`); the watchlists behind DEVICEFOUND and DEVICELOST; every alert definition with
 * its rate (and which are off); and the server's messages (`MESSAGE`). An alert's MACs open the
 * devices they name when those are tracked.
 */
import { useEffect, useState } from 'preact/hooks';
import { describe, get } from '../api';
import { AlertDefinitions } from '../components/AlertDefinitions';
import { MacLink } from '../components/MacLink';
import { Section } from '../components/Section';
import { Table } from '../components/Table';
import { Time } from '../components/Time';
import { Watchlists } from '../components/Watchlists';
import { useDeviceKeys } from '../device-keys';
import { subscribe } from '../event-bus';
import { severityName } from '../severity';

type Alert = Record<string, any>;
type Message = Record<string, any>;

/** How many alerts and messages the page keeps. */
const KEPT = 500;

const MAC_FIELDS = ['svc.alert.transmitter_mac', 'svc.alert.source_mac', 'svc.alert.dest_mac', 'svc.alert.other_mac'];

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
  const keys = useDeviceKeys(alerts.flatMap((alert) => MAC_FIELDS.map((field) => String(alert[field] ?? ''))));
  const mac = (alert: Alert, field: string) => <MacLink mac={alert[field] as string | undefined} keys={keys} />;
  return (
    <main class="page alerts">
      {error && <p class="error">{error}</p>}
      <Section title={`Alerts (${alerts.length})`}>
        <Table
          columns={['Time', 'Alert', 'Severity', 'Text', 'Transmitter', 'Source', 'Destination', 'Other', 'Channel']}
          rows={alerts.map((alert) => [
            <Time seconds={Number(alert['svc.alert.timestamp'])} />,
            <strong data-testid="alert-header">{alert['svc.alert.header']}</strong>,
            <span class={`severity severity-${severityName(Number(alert['svc.alert.severity'] ?? 0))}`}>{severityName(Number(alert['svc.alert.severity'] ?? 0))}</span>,
            alert['svc.alert.text'],
            mac(alert, 'svc.alert.transmitter_mac'),
            mac(alert, 'svc.alert.source_mac'),
            mac(alert, 'svc.alert.dest_mac'),
            mac(alert, 'svc.alert.other_mac'),
            alert['svc.alert.channel'],
          ])}
          empty="No alerts yet."
        />
      </Section>
      <Watchlists />
      <AlertDefinitions />
      <Section title="Messages">
        <Table columns={['Time', 'Message']} rows={messages.map((message) => [<Time seconds={Number(message['svc.messagebus.message_time'])} />, message['svc.messagebus.message_string']])} empty="No messages." />
      </Section>
    </main>
  );
}
