/**
 * The device monitor's pushes, shared between sockets. Every subscription of one view with the
 * same rate, format and fields is a member of one channel. At each tick of its rate the channel
 * collects the view's devices changed since its last tick (from the tracker's recency list, so
 * the cost is the changes, not the view), serializes each once, frames the batch once
 * (websocket-frames.ts), and writes it to every member's socket in one write: 500 sockets on
 * `*` cost one serialization per change and one write per socket. Subscriptions to one device
 * or a MAC group take their records from the same batch.
 *
 * A new subscription first gets what changed since the start (the whole view for `*`) as its
 * own push, then joins the channel's ticks; a member the channel has moved past (it was still
 * catching up at a tick) gets the gap as its own push at the next one. Those pushes wait while
 * the socket's send buffer is full. The shared pushes do not: a socket that has not taken the
 * previous pushes when the next one is due is told (`SVC_ERR_SLOW_CLIENT`) and dropped, so
 * nothing piles up for it. All of this runs in slices of the event loop's shared budget.
 */
import { SvcError } from '../errors.js';
import type { FieldRegistry } from '../fields/field-registry.js';
import type { FieldSpec } from '../fields/field-spec.js';
import type { Logger } from '../logger.js';
import { nowSeconds } from '../time/timestamp.js';
import type { TrackedDevice } from '../tracker/tracked-device.js';
import { macMatches, type MacMask } from '../util/mac.js';
import { eventLoopTurns, type TurnBudget } from '../util/turn-budget.js';
import { serveDevice } from '../views/device-query.js';
import type { DeviceView } from '../views/device-views.js';
import type { WebSocketSession } from './route-registry.js';
import { serialize } from './serializers.js';
import { frameTextMessages, type FramedMessages } from './websocket-frames.js';

/** Bytes a socket may have waiting when a push is due; past it the socket is dropped (shared pushes) or waited for (its own). */
export const MONITOR_BUFFER_BYTES = 1024 * 1024;

/** Seconds a subscription's own push may wait for a full socket before the socket is dropped. */
const STALL_SECONDS = 30;

/** How long a dropped socket has to read the error and the close frame before it is cut. */
const DROP_GRACE_MS = 2000;

/** What a subscription watches: every device of the view, one device by key, or a MAC group. */
export type MonitorTarget = { readonly kind: 'all' } | { readonly kind: 'key'; readonly key: string } | { readonly kind: 'mask'; readonly mask: MacMask };

/** One subscription, as the connection made it. */
export interface MonitorSubscription {
  readonly session: WebSocketSession;
  /** The client's request id, for error messages. */
  readonly request: number;
  readonly view: DeviceView;
  readonly target: MonitorTarget;
  /** Seconds between pushes, already clamped. */
  readonly rate: number;
  readonly specs: readonly FieldSpec[];
  readonly format: 'json' | 'ekjson';
}

/** What the channels read from the tracker. */
export interface MonitorDevices {
  /** Devices changed after `since`, most recent first. */
  changedSince(since: number): Iterable<TrackedDevice>;
  byKey(key: string): TrackedDevice | undefined;
}

/** Share of a rate after a subscription's own push from which the channel's next tick may push to it. */
const RATE_TOLERANCE = 0.9;

/** Records of a subscription's own push framed into one write. */
const OWN_PUSH_SLICE = 256;

interface Member {
  readonly subscription: MonitorSubscription;
  /** Changes after this have not been pushed to it. */
  since: number;
  /** `performance.now()` when its last own push began. */
  ownPushAt: number;
  /** Its own push (first, or to close a gap) is under way. */
  pushing: boolean;
  ended: boolean;
}

interface Channel {
  readonly key: string;
  readonly view: DeviceView;
  readonly rate: number;
  readonly specs: readonly FieldSpec[];
  readonly format: 'json' | 'ekjson';
  readonly members: Set<Member>;
  /** Changes after this have not been collected by a tick. */
  since: number;
  ticking: boolean;
  timer: NodeJS.Timeout | undefined;
}

/** Every monitor subscription of a server, grouped into channels. */
export class MonitorChannels {
  readonly #channels = new Map<string, Channel>();
  readonly #budget: TurnBudget;
  #subscriptions = 0;
  /** Sockets dropped for not reading their pushes in time. */
  droppedSockets = 0;

  constructor(
    private readonly devices: MonitorDevices,
    private readonly fields: FieldRegistry,
    private readonly log: Logger,
    budget: TurnBudget = eventLoopTurns,
  ) {
    this.#budget = budget;
  }

  /** Channels open now: groups of subscriptions that share their pushes. */
  get channels(): number {
    return this.#channels.size;
  }

  /** Subscriptions open now. */
  get subscriptions(): number {
    return this.#subscriptions;
  }

  /** Starts a subscription: its first push now, then the channel's ticks. Returns what ends it. */
  add(subscription: MonitorSubscription): () => void {
    const channel = this.#channel(subscription);
    const member: Member = { subscription, since: 0, ownPushAt: 0, pushing: false, ended: false };
    channel.members.add(member);
    this.#subscriptions++;
    void this.#ownPush(channel, member, channel.since);
    return () => this.#end(channel, member);
  }

  #channel(subscription: MonitorSubscription): Channel {
    const { view, rate, format, specs } = subscription;
    const key = `${view.id}\u0000${rate}\u0000${format}\u0000${JSON.stringify(specs)}`;
    let channel = this.#channels.get(key);
    if (!channel) {
      channel = { key, view, rate, format, specs, members: new Set(), since: this.#newestChange(), ticking: false, timer: undefined };
      const created = channel;
      channel.timer = setInterval(() => void this.#tick(created).catch((error: unknown) => this.log.error('device monitor push failed', error)), rate * 1000);
      channel.timer.unref();
      this.#channels.set(key, channel);
    }
    return channel;
  }

  #end(channel: Channel, member: Member): void {
    if (member.ended) return;
    member.ended = true;
    this.#subscriptions--;
    channel.members.delete(member);
    if (channel.members.size === 0 && this.#channels.get(channel.key) === channel) {
      clearInterval(channel.timer);
      this.#channels.delete(channel.key);
    }
  }

  #newestChange(): number {
    for (const device of this.devices.changedSince(0)) return device.modTime;
    return 0;
  }

  /** The view's devices a target wants that changed after `since` and up to `upTo`, newest first. */
  #changes(view: DeviceView, target: MonitorTarget, since: number, upTo: number): TrackedDevice[] {
    if (target.kind === 'key') {
      const device = this.devices.byKey(target.key);
      return device && device.modTime > since && device.modTime <= upTo && view.has(device) ? [device] : [];
    }
    const changed: TrackedDevice[] = [];
    for (const device of this.devices.changedSince(since)) {
      if (device.modTime <= upTo && view.has(device) && wants(target, device)) changed.push(device);
    }
    return changed;
  }

  #record(device: TrackedDevice, channel: Pick<Channel, 'specs' | 'format'>, now: number): string {
    return serialize(serveDevice(device, channel.specs, now), channel.format, this.fields).trimEnd();
  }

  /** Collects the channel's changes and writes them to every member in step with it. */
  async #tick(channel: Channel): Promise<void> {
    if (channel.ticking) return;
    channel.ticking = true;
    try {
      const started = performance.now();
      const previous = channel.since;
      const changed = this.#changes(channel.view, { kind: 'all' }, previous, Number.POSITIVE_INFINITY);
      const cursor = changed[0]?.modTime ?? previous;
      channel.since = cursor;
      const now = nowSeconds();
      let texts: string[] | undefined;
      let everything: FramedMessages | undefined;
      let byKey: Map<string, number> | undefined;
      const outgoing = new Map<WebSocketSession, { framed: FramedMessages[]; texts: string[]; members: Member[] }>();
      for (const member of [...channel.members]) {
        const { session, target } = member.subscription;
        if (member.ended || member.pushing) continue;
        if (!session.isOpen) {
          this.#end(channel, member);
          continue;
        }
        // Its own push began well under a rate ago (the timer's own jitter aside): this tick is
        // too soon, and the gap goes out at the next one.
        if (started - member.ownPushAt < channel.rate * 1000 * RATE_TOLERANCE) continue;
        if (member.since !== previous) {
          void this.#ownPush(channel, member, cursor);
          continue;
        }
        member.since = cursor;
        if (changed.length === 0) continue;
        texts ??= await this.#serializeAll(changed, channel, now);
        let send = outgoing.get(session);
        if (!send) outgoing.set(session, (send = { framed: [], texts: [], members: [] }));
        send.members.push(member);
        if (target.kind === 'all') {
          everything ??= frameTextMessages(texts);
          send.framed.push(everything);
        } else if (target.kind === 'key') {
          byKey ??= new Map(changed.map((device, index) => [device.key, index]));
          const index = byKey.get(target.key);
          if (index !== undefined) send.texts.push(texts[index]!);
        } else {
          changed.forEach((device, index) => {
            if (macMatches(device.mac, target.mask)) send.texts.push(texts![index]!);
          });
        }
      }
      for (const [session, send] of outgoing) {
        await this.#budget.next();
        if (!session.isOpen) continue;
        if (session.bufferedAmount > MONITOR_BUFFER_BYTES) {
          this.#drop(session, send.members[0]!.subscription.request);
          continue;
        }
        for (const framed of send.framed) session.sendFramed(framed);
        if (send.texts.length > 0) session.sendFramed(frameTextMessages(send.texts));
      }
    } finally {
      channel.ticking = false;
    }
  }

  /** Serializes a batch once, in slices of the turn budget. */
  async #serializeAll(devices: readonly TrackedDevice[], channel: Channel, now: number): Promise<string[]> {
    const texts: string[] = [];
    for (const device of devices) {
      await this.#budget.next();
      texts.push(this.#record(device, channel, now));
    }
    return texts;
  }

  /**
   * A member's own push: what it wants that changed after its cursor and up to `upTo` (its
   * first push, or the gap it fell behind by), in slices, waiting while its socket is full.
   * Afterwards the member is in step with the channel at `upTo`.
   */
  async #ownPush(channel: Channel, member: Member, upTo: number): Promise<void> {
    const { session, target, view } = member.subscription;
    member.pushing = true;
    member.ownPushAt = performance.now();
    try {
      const changed = this.#changes(view, target, member.since, upTo);
      const now = nowSeconds();
      for (let start = 0; start < changed.length; start += OWN_PUSH_SLICE) {
        const texts: string[] = [];
        for (const device of changed.slice(start, start + OWN_PUSH_SLICE)) {
          await this.#budget.next();
          texts.push(this.#record(device, channel, now));
        }
        if (member.ended || !session.isOpen) return;
        if (session.bufferedAmount > MONITOR_BUFFER_BYTES && !(await this.#drained(member))) {
          if (session.isOpen && !member.ended) this.#drop(session, member.subscription.request);
          return;
        }
        session.sendFramed(frameTextMessages(texts));
      }
      member.since = upTo;
    } catch (error) {
      this.log.error('device monitor push failed', error);
    } finally {
      member.pushing = false;
    }
  }

  /** Waits until the member's socket has room; false when it stayed full for {@link STALL_SECONDS}. */
  async #drained(member: Member): Promise<boolean> {
    const { session } = member.subscription;
    const deadline = performance.now() + STALL_SECONDS * 1000;
    while (session.isOpen && !member.ended && session.bufferedAmount > MONITOR_BUFFER_BYTES) {
      if (performance.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
  }

  /** Tells a socket it cannot keep up and closes it; it is cut if it does not close in time. */
  #drop(session: WebSocketSession, request: number): void {
    this.droppedSockets++;
    const error = new SvcError('SVC_ERR_SLOW_CLIENT', `this socket did not read its monitor pushes in time (more than ${MONITOR_BUFFER_BYTES} bytes waiting); it is closed: read faster, ask for fewer fields or a slower rate`);
    session.send(JSON.stringify({ error: error.message, code: error.code, request }));
    session.close(1008, 'too slow for its monitor subscriptions');
    setTimeout(() => session.terminate(), DROP_GRACE_MS).unref();
  }
}

function wants(target: MonitorTarget, device: TrackedDevice): boolean {
  if (target.kind === 'all') return true;
  if (target.kind === 'key') return device.key === target.key;
  return macMatches(device.mac, target.mask);
}
