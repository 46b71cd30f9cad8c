/**
 * The sensor's side of control from the centre (`fleet_control=true`, off by default): it
 * answers requests on its control subject only (`fleet_control_subject`, by default
 * `svc.fleetctl.<site>.<node>`; who may publish there is NATS's to enforce, with the
 * permissions of each NATS user), and only requests an admin made at the centre: the role is
 * checked again here, so a view whose own check was bypassed still cannot pause a radio.
 */
import type { NatsConnection, Msg, Subscription } from '@nats-io/transport-node';
import { SvcError, type ChannelRequest, type Service } from '@svc/core';
import { errorReply, isFleetCommand, type FleetCommandReply, type FleetCommandRequest } from './fleet-command.js';
import { sourceState } from '../sensor/source-state.js';

/** Answers the centre's commands on one subject. */
export class SensorControl {
  /** Commands carried out, and refused. */
  taken = 0;
  refused = 0;
  #subscription: Subscription | undefined;

  constructor(
    private readonly svc: Service,
    readonly subject: string,
  ) {}

  /** Subscribes on the connection (the client subscribes again by itself after a reconnection). */
  listen(connection: NatsConnection): void {
    this.#subscription = connection.subscribe(this.subject, { callback: (_error, message) => void this.#answer(message) });
  }

  stop(): void {
    this.#subscription?.unsubscribe();
  }

  async #answer(message: Msg): Promise<void> {
    let reply: FleetCommandReply;
    try {
      reply = { source: await this.#carryOut(message.json<FleetCommandRequest>()) };
      this.taken++;
    } catch (error) {
      reply = errorReply(error);
      this.refused++;
    }
    message.respond(JSON.stringify(reply));
  }

  async #carryOut(request: FleetCommandRequest): Promise<Record<string, unknown>> {
    if (request === null || typeof request !== 'object' || !isFleetCommand(request.command)) throw new SvcError('SVC_ERR_BAD_REQUEST', 'not a fleet command');
    if (request.role !== 'admin') throw new SvcError('SVC_ERR_FORBIDDEN', `${request.command} needs the admin role at the fleet view; ${request.user} has '${request.role}'`);
    const sources = this.svc.datasources;
    const source = sources.require(String(request.uuid));
    if (request.command === 'pause_source') sources.pause(source);
    else if (request.command === 'resume_source') sources.resume(source);
    else if (request.command === 'set_hop') sources.setHop(source);
    else await sources.setChannel(source, channelRequest(request.input ?? {}));
    this.svc.log.info(`fleet: ${request.command} on ${source.name} at the request of ${request.user} at the fleet view`);
    return sourceState(sources.record(source));
  }
}

/** The channel request of a set_channel dictionary: a channel to lock, or a hop list with its rate. */
function channelRequest(input: Readonly<Record<string, unknown>>): ChannelRequest {
  const { channel, channels, rate } = input;
  const list = typeof channels === 'string' ? channels.split(',').map((entry) => entry.trim()) : Array.isArray(channels) ? channels.map(String) : undefined;
  if (channel === undefined && list === undefined) throw new SvcError('SVC_ERR_BAD_CHANNEL', "set_channel needs 'channel' or 'channels'");
  return { channel: channel === undefined ? undefined : String(channel), channels: list, rate: typeof rate === 'number' ? rate : undefined };
}
