/**
 * The server side of one remote capture connection (kismet-reference 6.4), whatever carries it
 * (a websocket, a TCP stream). The tool must announce its source with NEWSOURCE within 5 s;
 * the session then binds it to the datasource with that UUID (created if new) and opens it by
 * sending OPENREQ and waiting for OPENREPORT. PACKET frames feed the source's capture; channel
 * changes go out as CONFIGREQ. PING every 5 s, and no PONG for 15 s ends the connection. A
 * malformed frame ends this connection only; the source then waits for the tool to reconnect.
 */
import { describeError, isSvcError, SvcError } from '../../errors.js';
import { secretsEqual } from '../../auth/secrets.js';
import { isPermanentFailure } from '../definition-check.js';
import type { Logger } from '../../logger.js';
import { MessageFlags, type MessageBus } from '../../messages/message-bus.js';
import { createPacketQueue, type PacketQueue } from '../packet-queue.js';
import type { Datasource, RemoteOpener } from '../datasource.js';
import type { DatasourceTracker } from '../datasource-tracker.js';
import type { Capture, RemotePacketConversion } from '../datasource-type.js';
import { encodeFrame, FrameType, MessageType, type Frame, type FrameBody } from './frame.js';
import { numberField, packetFromBody, stringField, stringListField } from './packet-block.js';

/** Seconds a tool has to send NEWSOURCE after connecting. */
export const NEWSOURCE_TIMEOUT_MS = 5000;
/** Interval between PINGs. */
export const PING_INTERVAL_MS = 5000;
/** Silence after which the tool is considered gone. */
export const PONG_TIMEOUT_MS = 15_000;
/** How long OPENREPORT and CONFIGREPORT may take. */
const REPORT_TIMEOUT_MS = 10_000;

/** What carries the frames of one connection. */
export interface RemoteTransport {
  readonly remoteIp: string;
  /** Sends one whole frame. */
  send(frame: Buffer): void;
  /** Ends the connection, with a reason for the log. */
  close(reason: string): void;
  /** Stops reading (backpressure), if the transport can. */
  pause?(): void;
  resume?(): void;
}

/** Timing of a session (tests shorten it). */
export interface RemoteTimings {
  readonly newsourceMs: number;
  readonly pingMs: number;
  readonly pongTimeoutMs: number;
}

const DEFAULT_TIMINGS: RemoteTimings = { newsourceMs: NEWSOURCE_TIMEOUT_MS, pingMs: PING_INTERVAL_MS, pongTimeoutMs: PONG_TIMEOUT_MS };

interface PendingReport {
  resolve(frame: Frame): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** One remote capture connection. */
export class RemoteSession {
  #seqno = 0;
  #source: Datasource | undefined;
  #opener: RemoteOpener | undefined;
  /** Where PACKET frames go, from OPENREQ on (so packets right behind OPENREPORT are kept). */
  #capturing: { readonly queue: PacketQueue; readonly uuid: string; readonly conversion?: RemotePacketConversion } | undefined;
  #closed = false;
  #lastHeard = Date.now();
  readonly #pending = new Map<number, PendingReport>();
  readonly #timers: NodeJS.Timeout[] = [];
  #announced = false;

  /** Set while the connection still owes the shared key (`remote_capture_key` on the TCP listener). */
  #requiredKey: string | undefined;

  constructor(
    private readonly transport: RemoteTransport,
    private readonly datasources: DatasourceTracker,
    private readonly messages: MessageBus,
    private readonly log: Logger,
    private readonly timings: RemoteTimings = DEFAULT_TIMINGS,
    requiredKey?: string,
  ) {
    this.#requiredKey = requiredKey;
    const announce = setTimeout(() => {
      if (!this.#announced) this.close('the remote side did not announce a datasource (NEWSOURCE) within 5 s');
    }, timings.newsourceMs);
    const ping = setInterval(() => {
      if (Date.now() - this.#lastHeard > timings.pongTimeoutMs) {
        this.close(`did not get a ping response from the capture tool in ${timings.pongTimeoutMs / 1000} s`);
        return;
      }
      this.#send(FrameType.PING, new Map());
    }, timings.pingMs);
    for (const timer of [announce, ping]) {
      timer.unref();
      this.#timers.push(timer);
    }
  }

  /** The source this connection feeds, once announced. */
  get source(): Datasource | undefined {
    return this.#source;
  }

  /** Handles one received frame. */
  receive(frame: Frame): void {
    if (this.#closed) return;
    this.#lastHeard = Date.now();
    try {
      this.#handle(frame);
    } catch (error) {
      this.close(`bad ${frameName(frame.type)} frame: ${describeError(error)}`);
    }
  }

  /** Ends the connection (malformed input, timeouts, the source closed); idempotent. */
  close(reason: string): void {
    if (this.#closed) return;
    this.transport.close(reason);
    this.transportClosed(reason);
  }

  /** The transport went away: release everything and tell the tracker. */
  transportClosed(reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new Error(`remote capture connection closed: ${reason}`));
    }
    this.#pending.clear();
    this.#capturing?.queue.fail(new Error(`remote capture connection closed: ${reason}`));
    if (this.#source && this.#opener) this.datasources.remote.lost(this.#source, this.#opener, `remote capture connection closed: ${reason}`);
    this.log.debug(`remote capture from ${this.transport.remoteIp} ended: ${reason}`);
  }

  #handle(frame: Frame): void {
    if (this.#requiredKey !== undefined && frame.type !== FrameType.PING && frame.type !== FrameType.PONG) return this.#authenticate(frame);
    switch (frame.type) {
      case FrameType.NEWSOURCE:
        return this.#newSource(frame.body);
      case FrameType.PING:
        this.#send(FrameType.PONG, new Map(), frame.seqno);
        return;
      case FrameType.PONG:
        return;
      case FrameType.MESSAGE:
        return this.#message(frame.body);
      case FrameType.ERROR:
        return this.close(`the capture tool reported an error: ${stringField(frame.body, 1) ?? 'no reason given'}`);
      case FrameType.SHUTDOWN:
        return this.#shutdown(`the capture tool shut down: ${stringField(frame.body, 1) ?? 'no reason given'}`);
      case FrameType.PACKET:
        return this.#packet(frame.body);
      case FrameType.OPENREPORT:
      case FrameType.CONFIGREPORT:
      case FrameType.PROBEREPORT:
      case FrameType.LISTREPORT:
        return this.#report(frame);
      default:
        this.log.debug(`remote capture from ${this.transport.remoteIp}: ignored a ${frameName(frame.type)} frame`);
    }
  }

  #newSource(body: FrameBody): void {
    if (this.#announced) throw new SvcError('SVC_ERR_REMOTE_PROTOCOL', 'NEWSOURCE came twice on one connection');
    const definition = stringField(body, 1);
    const type = stringField(body, 2);
    const uuid = stringField(body, 3);
    if (!definition || !type || !uuid) throw new SvcError('SVC_ERR_REMOTE_PROTOCOL', 'NEWSOURCE needs a definition (1), a source type (2) and a UUID (3)');
    this.#announced = true;
    const opener: RemoteOpener = (source) => this.#open(definition, source);
    this.#opener = opener;
    this.datasources.remote.bind({ uuid, type, definition, remoteIp: this.transport.remoteIp, opener }).then(
      (source) => {
        this.#source = source;
        if (this.#closed) this.datasources.remote.lost(source, opener, 'remote capture connection closed while opening');
      },
      (error: unknown) => {
        const reason = `the server cannot take this source: ${describeError(error)}`;
        // A refusal no reconnect can change goes out as ERROR (svc capture then stops and says
        // why); anything else as SHUTDOWN, after which a tool reconnects.
        const refused = isPermanentFailure(error) || isSvcError(error, 'SVC_ERR_CONFLICT');
        this.#send(refused ? FrameType.ERROR : FrameType.SHUTDOWN, new Map([[1, reason]]));
        this.messages.post(`remote capture from ${this.transport.remoteIp} (${type} '${definition}'): ${reason}`, MessageFlags.ERROR);
        this.close(reason);
      },
    );
  }

  /** The first frame must carry the shared key (AUTHRESP): anything else, or a wrong key, ends the connection. */
  #authenticate(frame: Frame): void {
    const key = frame.type === FrameType.AUTHRESP ? stringField(frame.body, 1) : undefined;
    if (key !== undefined && secretsEqual(key, this.#requiredKey!)) {
      this.#requiredKey = undefined;
      return;
    }
    const reason =
      key === undefined
        ? 'this remote capture listener needs its shared key (remote_capture_key) before anything else; svc capture --tcp sends it with --apikey'
        : 'wrong shared key for this remote capture listener';
    this.#send(FrameType.ERROR, new Map([[1, reason]]));
    this.close(reason);
  }

  /** The tool ended the connection on purpose: its source is closed, not in error. */
  #shutdown(reason: string): void {
    const source = this.#source;
    const opener = this.#opener;
    if (source && opener) void this.datasources.remote.ended(source, opener, reason);
    this.close(reason);
  }

  /**
   * Opens the remote capture: OPENREQ out, OPENREPORT back. The packet queue exists from the
   * request on, since a tool sends its first packets right behind OPENREPORT, often in the same
   * read; when the open fails they are dropped with it.
   */
  async #open(definition: string, source: Datasource): Promise<Capture> {
    const queue = createPacketQueue();
    const conversion = source.type.remotePackets;
    this.#capturing = { queue, uuid: source.uuid, conversion };
    let report: Frame;
    try {
      report = await this.#request(FrameType.OPENREQ, new Map([[1, definition]]));
      if (report.code === 0) throw new Error(stringField(report.body, 9) || 'the capture tool could not open the source');
    } catch (error) {
      this.#capturing = undefined;
      throw error;
    }
    const session = this;
    return {
      info: {
        dlt: conversion?.dlt ?? numberField(report.body, 2),
        captureInterface: stringField(report.body, 3),
        channels: stringListField(report.body, 4),
        channel: stringField(report.body, 5),
        hardware: stringField(report.body, 7),
        version: stringField(report.body, 10),
      },
      packets: queue.batches,
      backlog: () => queue.queued,
      async setChannel(channel) {
        const answer = await session.#request(FrameType.CONFIGREQ, new Map([[1, channel]]));
        if (answer.code === 0) throw new Error(stringField(answer.body, 4) || `the capture tool could not tune to ${channel}`);
      },
      async close() {
        queue.end();
        session.close('the datasource was closed');
      },
    };
  }

  #packet(body: FrameBody): void {
    const capturing = this.#capturing;
    if (!capturing) return;
    const { queue } = capturing;
    const packet = packetFromBody(body, capturing.uuid);
    capturing.conversion?.convert(packet);
    if (!queue.push(packet) && this.transport.pause) {
      this.transport.pause();
      void queue.drained().then(() => this.transport.resume?.());
    }
  }

  #message(body: FrameBody): void {
    const type = numberField(body, 1) ?? MessageType.INFO;
    const text = stringField(body, 2) ?? '';
    const flags = type & (MessageType.ERROR | MessageType.FATAL) ? MessageFlags.ERROR : type & MessageType.ALERT ? MessageFlags.ALERT : type & MessageType.DEBUG ? MessageFlags.DEBUG : MessageFlags.INFO;
    this.messages.post(`remote capture ${this.#source?.name ?? this.transport.remoteIp}: ${text}`, flags);
  }

  #report(frame: Frame): void {
    const seqno = numberField(frame.body, 1) ?? frame.seqno;
    const pending = this.#pending.get(seqno);
    if (!pending) return;
    this.#pending.delete(seqno);
    clearTimeout(pending.timer);
    pending.resolve(frame);
  }

  #request(type: number, body: FrameBody): Promise<Frame> {
    if (this.#closed) return Promise.reject(new Error('remote capture connection is closed'));
    const seqno = this.#send(type, body);
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(seqno);
        reject(new Error(`the capture tool did not answer ${frameName(type)} within ${REPORT_TIMEOUT_MS / 1000} s`));
      }, REPORT_TIMEOUT_MS);
      timer.unref();
      this.#pending.set(seqno, { resolve, reject, timer });
    });
  }

  /** Sends a frame; returns its sequence number. */
  #send(type: number, body: FrameBody, seqno?: number): number {
    if (seqno === undefined) {
      this.#seqno = (this.#seqno + 1) >>> 0 || 1;
      seqno = this.#seqno;
    }
    if (!this.#closed) this.transport.send(encodeFrame(type, seqno, body));
    return seqno;
  }
}

/** A frame type's name for messages. */
export function frameName(type: number): string {
  return Object.entries(FrameType).find(([, value]) => value === type)?.[0] ?? `type-${type}`;
}
