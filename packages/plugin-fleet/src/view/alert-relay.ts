/**
 * The sensors' alerts in the fleet view: read from `SVC_FLEET_ALERTS` from the moment the view
 * follows the fleet and raised again in the view's own alert tracker, so its alerts page,
 * `/alerts/...` routes, event bus and alert sinks show every site's alerts, each text prefixed
 * with the site and node that raised it. Alerts raised while the view was away stay in the
 * stream (a week of them) but are not raised again when it comes back: raising them again would
 * fire the view's alert sinks a second time. An alert the view does not define is defined on
 * the fly with the sensor's class and severity and no throttle of its own (the sensor's throttle
 * already applied); one it defines passes through its throttle.
 */
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Service } from '@svc/core';
import { ALERT_STREAM, FLEET_CONSUME_OPTIONS } from '../fleet-subjects.js';
import type { SensorIdentity } from '../sensor/fleet-sensor.js';

/** One message of the alert stream, as a sensor writes it. */
interface AlertMessage {
  readonly sensor?: SensorIdentity;
  readonly alert?: Record<string, unknown>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const mac = (value: unknown): string | undefined => (typeof value === 'string' && value !== '00:00:00:00:00:00' ? value : undefined);

/** Raises the sensors' alerts in the view. */
export class AlertRelay {
  /** Alerts raised in the view, and those its throttles held back or that were malformed. */
  raised = 0;
  held = 0;
  #messages: ConsumerMessages | undefined;

  constructor(private readonly svc: Pick<Service, 'alerts'>) {}

  /** Follows the alert stream from now on, until `stop`. */
  async follow(connection: NatsConnection): Promise<void> {
    const consumer = await jetstream(connection).consumers.get(ALERT_STREAM, { deliver_policy: DeliverPolicy.New });
    this.#messages = await consumer.consume(FLEET_CONSUME_OPTIONS);
    for await (const message of this.#messages) {
      try {
        this.#raise(message.json<AlertMessage>());
      } catch {
        this.held++;
      }
    }
  }

  stop(): void {
    this.#messages?.stop();
  }

  #raise({ sensor, alert }: AlertMessage): void {
    const header = text(alert?.['svc.alert.header']);
    if (!sensor || !alert || header === '') {
      this.held++;
      return;
    }
    const alerts = this.svc.alerts;
    if (!alerts.isDefined(header)) {
      alerts.define({
        name: header,
        description: `raised at a fleet sensor (${text(alert['svc.alert.class']) || 'SYSTEM'})`,
        throttle: '1000/sec',
        burst: '1000/sec',
        class: text(alert['svc.alert.class']) || undefined,
        severity: typeof alert['svc.alert.severity'] === 'number' ? alert['svc.alert.severity'] : undefined,
        phyName: text(alert['svc.alert.phy_name']) || undefined,
      });
    }
    const raised = alerts.tryRaise({
      name: header,
      text: `[${sensor.site}/${sensor.node}] ${text(alert['svc.alert.text'])}`,
      transmitterMac: mac(alert['svc.alert.transmitter_mac']),
      sourceMac: mac(alert['svc.alert.source_mac']),
      destMac: mac(alert['svc.alert.dest_mac']),
      otherMac: mac(alert['svc.alert.other_mac']),
      channel: text(alert['svc.alert.channel']) || undefined,
      deviceKey: text(alert['svc.alert.device_key']) || undefined,
      severity: typeof alert['svc.alert.severity'] === 'number' ? alert['svc.alert.severity'] : undefined,
    });
    if (raised) this.raised++;
    else this.held++;
  }
}
