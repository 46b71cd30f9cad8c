/**
 * The fleet view (`fleet_view`, `svc start --fleet`): this svc builds its tracker from the
 * sensors' records in JetStream instead of packets. It reads the state stream from its start
 * with an ordered consumer, which holds each sensor's latest record of each device, each
 * source's latest state and each node's latest status, so a view started or restarted at any
 * time rebuilds the whole fleet, and then follows it live; the client re-creates the consumer
 * where it left off when the connection comes back. Records go through the merge
 * (`fleet-merge.ts`) into the normal tracker, so every route, view, the map and the UI work
 * over every site; the tracker is committed once per turn of the event loop. The sensors'
 * alerts are raised in the view as they come (`alert-relay.ts`).
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import { describeError, MessageFlags, SvcError, type RemoteDatasourceCommand, type Service } from '@svc/core';
import { FLEET_COMMANDS, isFleetCommand, replySource, type FleetCommandReply, type FleetCommandRequest } from '../control/fleet-command.js';
import type { FleetLinkSettings } from '../fleet-settings.js';
import { FLEET_CONSUME_OPTIONS, fleetStreams, parseStateSubject, STATE_STREAM } from '../fleet-subjects.js';
import { ensureStreams, PatientConnection } from '../link/patient-connection.js';
import type { SensorIdentity } from '../sensor/fleet-sensor.js';
import { FleetMerge } from './fleet-merge.js';
import { SensorNodes } from './sensor-nodes.js';
import { AlertRelay } from './alert-relay.js';
import { watchForStall } from './stall-watch.js';

/** How long a sensor has to answer a command. */
const COMMAND_TIMEOUT_MS = 5000;

/** `connecting`, `following` (reading the stream), `stopped`. */
export type ViewState = 'connecting' | 'following' | 'stopped';

/** One message of the state stream, as a sensor writes it. */
interface StateMessage {
  readonly sensor?: SensorIdentity;
  readonly time?: number;
  readonly device?: Record<string, unknown>;
  readonly status?: Record<string, unknown>;
  readonly source?: Record<string, unknown>;
  readonly event?: string;
}

/** Builds the tracker from the fleet's state stream. */
export class FleetView {
  state: ViewState = 'connecting';
  lastError = '';
  /** Messages that were not what a sensor writes, skipped. */
  malformed = 0;
  readonly merge: FleetMerge;
  readonly sensors = new SensorNodes();
  readonly alerts: AlertRelay;
  readonly #patient: PatientConnection;
  #connection: NatsConnection | undefined;
  #messages: ConsumerMessages | undefined;
  #commitQueued = false;
  #run: Promise<void> | undefined;
  #relaying: Promise<void> | undefined;

  constructor(
    private readonly svc: Service,
    readonly settings: FleetLinkSettings,
  ) {
    this.merge = new FleetMerge(svc);
    this.alerts = new AlertRelay(svc);
    this.#patient = new PatientConnection({
      servers: settings.servers,
      login: settings.login,
      name: `svc fleet view ${svc.config.get('server_name') ?? 'svc'}`,
      messages: svc.messages,
      log: svc.log,
      meanwhile: 'serving what it has',
      failed: (reason) => (this.lastError = reason),
    });
  }

  /** Connects and follows the stream until stopped. */
  start(): void {
    this.#run ??= this.#follow().catch((error: unknown) => {
      if (this.state === 'stopped') return;
      this.lastError = describeError(error);
      this.svc.messages.post(`fleet view: stopped reading the fleet (${this.lastError})`, MessageFlags.ERROR);
    });
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.#patient.cancel();
    this.#messages?.stop();
    this.alerts.stop();
    await this.#connection?.close().catch(() => undefined);
    await this.#run;
    await this.#relaying;
  }

  /**
   * Carries a datasource command to the sensor that has the source (the core's
   * `remoteDatasourceCommand`, from the ordinary datasource routes, which required an admin):
   * over NATS request/reply to the sensor's control subject, where the role is checked again.
   * Undefined when no sensor has the source; the sensor's refusal is thrown with its code.
   */
  async command({ uuid, command, input, login }: RemoteDatasourceCommand): Promise<Record<string, unknown> | undefined> {
    const node = this.sensors.withSource(uuid);
    if (!node) return undefined;
    const name = `${node.identity.site}/${node.identity.node}`;
    if (!isFleetCommand(command)) throw new SvcError('SVC_ERR_BAD_REQUEST', `${command} is not carried to sensors: the fleet view can ${FLEET_COMMANDS.join(', ')} a source of ${name}`);
    const subject = node.status?.['svc.fleet.control_subject'];
    if (typeof subject !== 'string' || subject === '') throw new SvcError('SVC_ERR_FORBIDDEN', `sensor ${name} takes no commands from the centre (its fleet_control is off)`);
    const connection = this.#connection;
    if (!connection || this.state !== 'following') throw new SvcError('SVC_ERR_CONFLICT', `the fleet view is not connected to NATS (${this.lastError || this.state})`);
    const request: FleetCommandRequest = { command, uuid, input, user: login?.name ?? '', role: login?.role ?? '' };
    let reply: FleetCommandReply;
    try {
      reply = (await connection.request(subject, JSON.stringify(request), { timeout: COMMAND_TIMEOUT_MS })).json<FleetCommandReply>();
    } catch (error) {
      throw new SvcError('SVC_ERR_CONFLICT', `sensor ${name} did not answer ${command} (${describeError(error)})`);
    }
    const source = replySource(reply);
    this.sensors.source(node.identity, node.lastHeard, command, source);
    return source;
  }

  async #follow(): Promise<void> {
    const connection = await this.#patient.connect();
    if (!connection) return;
    this.#connection = connection;
    /** The stream sequence to read from next: a consumer re-created after a stall goes on from there. */
    let next = 1;
    while ((this.state as ViewState) !== 'stopped') {
      this.#messages = await this.#consume(connection, next);
      if (!this.#messages) return;
      if (this.state === 'connecting') {
        this.state = 'following';
        this.svc.messages.post(`fleet view: following the fleet at ${connection.getServer()}`);
        this.#relaying = this.alerts.follow(connection).catch((error: unknown) => {
          if ((this.state as ViewState) !== 'stopped') this.svc.messages.post(`fleet view: stopped relaying the sensors' alerts (${describeError(error)})`, MessageFlags.ERROR);
        });
      }
      const stalled = watchForStall(this.#messages, {
        next: () => next,
        lastInStream: async () => (await (await jetstreamManager(connection)).streams.info(STATE_STREAM)).state.last_seq,
      });
      for await (const message of this.#messages) {
        if ((this.state as ViewState) === 'stopped') break;
        next = message.seq + 1;
        try {
          this.#take(message.subject, message.json<StateMessage>());
        } catch (error) {
          this.malformed++;
          this.svc.log.debug(`fleet view: skipped a message on ${message.subject} (${describeError(error)})`);
        }
      }
      stalled.stop();
      if ((this.state as ViewState) !== 'stopped' && stalled.happened) {
        this.svc.messages.post(`fleet view: the fleet stream stopped answering (a NATS node gone?); reading it again from message ${next}`, MessageFlags.ERROR);
      }
    }
  }

  /**
   * The ordered consumer of the state stream, from sequence `next` (1: its start); tried again
   * each second while JetStream refuses (a cluster electing its leader). Undefined when stopped first.
   */
  async #consume(connection: NatsConnection, next: number): Promise<ConsumerMessages | undefined> {
    for (let attempt = 0; (this.state as ViewState) !== 'stopped'; attempt++) {
      try {
        await ensureStreams(connection, fleetStreams(this.settings.replicas));
        const from = next > 1 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: next } : {};
        return await (await jetstream(connection).consumers.get(STATE_STREAM, from)).consume(FLEET_CONSUME_OPTIONS);
      } catch (error) {
        this.lastError = describeError(error);
        if (attempt === 0) this.svc.messages.post(`fleet view: connected to NATS but cannot read the fleet streams yet (${this.lastError}); trying again every second`, MessageFlags.ERROR);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    return undefined;
  }

  #take(subject: string, body: StateMessage): void {
    const what = parseStateSubject(subject);
    const sensor = body.sensor;
    if (!what || !sensor || typeof sensor.uuid !== 'string') {
      this.malformed++;
      return;
    }
    const time = typeof body.time === 'number' ? body.time : 0;
    if (what.kind === 'device' && body.device) {
      this.sensors.heard(sensor, time);
      this.merge.apply(sensor, body.device);
      this.#queueCommit();
    } else if (what.kind === 'status' && body.status) this.sensors.status(sensor, time, body.status);
    else if (what.kind === 'source' && body.source) this.sensors.source(sensor, time, body.event ?? '', body.source);
    else this.malformed++;
  }

  #queueCommit(): void {
    if (this.#commitQueued) return;
    this.#commitQueued = true;
    setImmediate(() => {
      this.#commitQueued = false;
      this.svc.devices.commit();
    });
  }
}
