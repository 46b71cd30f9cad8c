/**
 * The capture tool's side of one remote capture connection (kismet-reference 6.4): announce
 * the local source with NEWSOURCE, open it when the server sends OPENREQ and answer with
 * OPENREPORT, then stream its packets as PACKET frames, waiting whenever the connection is
 * congested so nothing is dropped on the tool's side. CONFIGREQ tunes the local capture, PING
 * is answered, and a server silent for 15 s (no PING) or a SHUTDOWN ends the connection.
 */
import { describeError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { Capture, DatasourceTypeDefinition } from '../datasource-type.js';
import { parseDefinition, type SourceDefinition } from '../definition.js';
import type { ClientTransport } from './client-transport.js';
import { encodeFrame, FrameType, MessageType, type Frame, type FrameBody } from './frame.js';
import { bodyFromPacket, stringField } from './packet-block.js';
import { frameName, PONG_TIMEOUT_MS } from './remote-session.js';

/** The local source a capture tool feeds. */
export interface LocalCaptureSource {
  readonly type: DatasourceTypeDefinition;
  readonly definition: SourceDefinition;
  /** The UUID announced to the server (the one the server would give the same definition). */
  readonly uuid: string;
}

/** How a connection ended. */
export interface SessionOutcome {
  readonly reason: string;
  /** Whether the server had opened the source on this connection. */
  readonly opened: boolean;
  /** Set when the server refused the source for good (an ERROR frame): reconnecting cannot help. */
  readonly refused?: boolean;
}

/** Version reported in OPENREPORT. */
const TOOL_VERSION = 'svc-capture-1';

/** One connection of a capture tool to a server. */
export class CaptureClientSession {
  #seqno = 0;
  #capture: Capture | undefined;
  #opened = false;
  #refused = false;
  #done = false;
  #lastHeard = Date.now();
  #sent = 0;
  readonly #watchdog: NodeJS.Timeout;
  readonly #outcome: Promise<SessionOutcome>;
  #settle!: (outcome: SessionOutcome) => void;

  constructor(
    private readonly transport: ClientTransport,
    private readonly source: LocalCaptureSource,
    private readonly log: Logger,
    private readonly silenceLimitMs = PONG_TIMEOUT_MS,
    /** The shared key of a TCP listener with `remote_capture_key`, sent before the source. */
    private readonly sharedKey?: string,
  ) {
    this.#outcome = new Promise((resolve) => (this.#settle = resolve));
    this.#watchdog = setInterval(() => {
      if (Date.now() - this.#lastHeard > silenceLimitMs) this.end(`the server sent nothing (no PING) for ${silenceLimitMs / 1000} s`);
    }, Math.min(1000, silenceLimitMs / 3));
    this.#watchdog.unref();
  }

  /** Resolves when the connection has ended, with why. */
  get outcome(): Promise<SessionOutcome> {
    return this.#outcome;
  }

  /** Packets sent on this connection. */
  get sent(): number {
    return this.#sent;
  }

  /** Announces the source (NEWSOURCE: definition, type, UUID), after the shared key when there is one. */
  start(): void {
    if (this.sharedKey !== undefined) this.#send(FrameType.AUTHRESP, new Map([[1, this.sharedKey]]));
    this.#send(FrameType.NEWSOURCE, new Map<number, unknown>([[1, this.source.definition.line], [2, this.source.type.name], [3, this.source.uuid]]));
  }

  /** Handles a frame from the server. */
  receive(frame: Frame): void {
    if (this.#done) return;
    this.#lastHeard = Date.now();
    switch (frame.type) {
      case FrameType.PING:
        this.#send(FrameType.PONG, new Map(), 1, frame.seqno);
        return;
      case FrameType.OPENREQ:
        void this.#open(frame);
        return;
      case FrameType.CONFIGREQ:
        void this.#configure(frame);
        return;
      case FrameType.SHUTDOWN:
        this.end(`the server ended the capture: ${safeString(frame.body, 1) ?? 'no reason given'}`);
        return;
      case FrameType.ERROR:
        this.#refused = true;
        this.end(safeString(frame.body, 1) ?? 'the server refused the source');
        return;
      case FrameType.MESSAGE:
        this.log.info(`server: ${safeString(frame.body, 2) ?? ''}`);
        return;
      case FrameType.PONG:
        return;
      default:
        this.log.debug(`ignored a ${frameName(frame.type)} frame from the server`);
    }
  }

  /** The transport closed under us. */
  transportClosed(reason: string): void {
    this.#finish(reason);
  }

  /** Ends the connection: tells the server why (SHUTDOWN), closes the local capture. */
  end(reason: string): void {
    if (this.#done) return;
    this.#send(FrameType.SHUTDOWN, new Map([[1, reason]]));
    this.transport.close(reason);
    this.#finish(reason);
  }

  #finish(reason: string): void {
    if (this.#done) return;
    this.#done = true;
    clearInterval(this.#watchdog);
    const capture = this.#capture;
    this.#capture = undefined;
    const closed = capture ? capture.close().catch((error: unknown) => this.log.warn(`closing the local capture failed: ${describeError(error)}`)) : Promise.resolve();
    void closed.then(() => this.#settle({ reason, opened: this.#opened, refused: this.#refused }));
  }

  async #open(request: Frame): Promise<void> {
    if (this.#capture) {
      this.#report(FrameType.OPENREPORT, request.seqno, false, new Map([[9, 'the source is already open on this connection']]));
      return;
    }
    let capture: Capture;
    try {
      const line = safeString(request.body, 1);
      const definition = line ? parseDefinition(line) : this.source.definition;
      if (!this.source.type.open) throw new Error(`datasource type '${this.source.type.name}' cannot capture on this host`);
      capture = await this.source.type.open(definition, {
        uuid: this.source.uuid,
        log: this.log,
        message: (text, level = 'info') => this.#message(text, level === 'error' ? MessageType.ERROR : MessageType.INFO),
      });
    } catch (error) {
      const reason = describeError(error);
      this.#report(FrameType.OPENREPORT, request.seqno, false, new Map([[9, reason]]));
      this.end(`could not open ${this.source.definition.line}: ${reason}`);
      return;
    }
    if (this.#done) {
      await capture.close().catch(() => {});
      return;
    }
    this.#capture = capture;
    this.#opened = true;
    const { info } = capture;
    const report: FrameBody = new Map<number, unknown>([[8, this.source.uuid], [10, info.version ?? TOOL_VERSION]]);
    if (info.dlt !== undefined) report.set(2, info.dlt);
    report.set(3, info.captureInterface ?? this.source.definition.interface);
    if (info.channels) report.set(4, [...info.channels]);
    if (info.channel !== undefined) report.set(5, info.channel);
    if (info.hardware !== undefined) report.set(7, info.hardware);
    this.#report(FrameType.OPENREPORT, request.seqno, true, report);
    this.log.info(`the server opened ${this.source.definition.line}; streaming packets`);
    void this.#pump(capture);
  }

  async #pump(capture: Capture): Promise<void> {
    try {
      for await (const batch of capture.packets) {
        for (const packet of batch) {
          if (this.#done) return;
          const more = this.transport.send(encodeFrame(FrameType.PACKET, this.#nextSeqno(), bodyFromPacket(packet)));
          this.#sent++;
          if (!more) await this.transport.drained();
        }
      }
      if (!this.#done) this.#message('the capture has no more data', MessageType.INFO);
    } catch (error) {
      if (this.#done) return;
      const reason = `the capture failed: ${describeError(error)}`;
      this.#send(FrameType.ERROR, new Map([[1, reason]]));
      this.end(reason);
    }
  }

  async #configure(request: Frame): Promise<void> {
    const channel = safeString(request.body, 1);
    const capture = this.#capture;
    const answer = (ok: boolean, message?: string) => {
      const body: FrameBody = new Map();
      if (channel !== undefined) body.set(2, channel);
      if (message) body.set(4, message);
      this.#report(FrameType.CONFIGREPORT, request.seqno, ok, body);
    };
    if (channel === undefined) {
      const hop = request.body.has(2) ? 'hopping on the tool (a chanhop block) is not supported; the server hops by sending channels' : 'a CONFIGREQ needs a channel';
      return answer(false, hop);
    }
    if (!capture?.setChannel) return answer(false, capture ? `datasource type '${this.source.type.name}' cannot tune` : 'the source is not open');
    try {
      await capture.setChannel(channel);
      answer(true);
    } catch (error) {
      answer(false, describeError(error));
    }
  }

  #message(text: string, type: number): void {
    this.#send(FrameType.MESSAGE, new Map<number, unknown>([[1, type], [2, text]]));
  }

  /** A report: the request's seqno in the header and in field 1; code 1 for success, 0 for failure. */
  #report(type: number, requestSeqno: number, ok: boolean, body: FrameBody): void {
    body.set(1, requestSeqno);
    this.#send(type, body, ok ? 1 : 0, requestSeqno);
  }

  #send(type: number, body: FrameBody, code = 1, seqno = this.#nextSeqno()): void {
    if (!this.#done) this.transport.send(encodeFrame(type, seqno, body, code));
  }

  #nextSeqno(): number {
    this.#seqno = (this.#seqno + 1) >>> 0 || 1;
    return this.#seqno;
  }
}

/** A string field, or undefined when absent or not a string (the server's frames are trusted no further). */
function safeString(body: FrameBody, key: number): string | undefined {
  try {
    return stringField(body, key);
  } catch {
    return undefined;
  }
}
