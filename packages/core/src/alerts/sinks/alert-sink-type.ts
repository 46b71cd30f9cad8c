/**
 * What an alert sink type is: a way to deliver raised alerts somewhere outside svc (an HTTP
 * endpoint, a syslog server, an MQTT broker), contributed through the `alertSinkTypes` hook
 * and chosen by `alert_sink=<type>:option=value,...` lines. The sink manager owns everything
 * a type shares (the filter, the queue, retries with back-off, the timeout, the counters and
 * the messages), so a type only turns one alert into one delivery attempt.
 */
import type { AlertRecord } from '../alert-tracker.js';
import type { Logger } from '../../logger.js';

/** A parsed `alert_sink=` line, as a type sees it. */
export interface AlertSinkDefinition {
  /** The line as written (it may hold a secret: never log it). */
  readonly line: string;
  /** Type name, the text before the first `:`. */
  readonly type: string;
  /** `name=`, else the type name made unique with a number. */
  readonly name: string;
  /** The type's own options by lower-cased name (the generic ones removed). */
  readonly options: ReadonlyMap<string, string>;
}

/** What `create` gets besides the definition. */
export interface AlertSinkContext {
  /** `server_name`, for payloads that say where an alert comes from. */
  readonly serverName: string;
  /** `@svc/core` version, for user agents. */
  readonly version: string;
  readonly log: Logger;
}

/** One configured sink's delivery, made by its type. */
export interface AlertSink {
  /**
   * Where it delivers, for status and messages (`http://hooks.example:8080`,
   * `udp://127.0.0.1:514`): never credentials, never a URL path (webhook paths are often secret).
   */
  readonly target: string;
  /**
   * One delivery attempt of one alert: resolves when the far end took it, rejects with a reason
   * a user can act on otherwise. `signal` aborts when the attempt's time is up or svc stops.
   * The manager retries with back-off; a type does not retry itself.
   */
  deliver(alert: AlertRecord, signal: AbortSignal): Promise<void>;
  /** Releases connections and sockets (at shutdown). */
  close?(): void | Promise<void>;
}

/** An alert sink type contributed through the `alertSinkTypes` hook. */
export interface AlertSinkTypeDefinition {
  /** Name before the `:` of an `alert_sink=` line (`webhook`, `syslog`, `mqtt`), lower case. */
  readonly name: string;
  /** One line for `/alerts/sink_types.json`. */
  readonly description: string;
  /**
   * The type's own options, name to a one-line description. An `alert_sink=` line with any
   * other option (besides the generic ones every sink takes) is a startup error naming it.
   */
  readonly options: Readonly<Record<string, string>>;
  /**
   * Checks the option values and builds the sink; throws an `SvcError`
   * (`SVC_ERR_BAD_ALERT_SINK`) naming the option and what it takes. Runs at startup, so a bad
   * line stops `svc start` with the reason. Opens nothing yet: a sink connects on its first delivery.
   */
  create(definition: AlertSinkDefinition, context: AlertSinkContext): AlertSink;
}
