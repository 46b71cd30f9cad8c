/**
 * The Mode S frames svc receives, handed to whoever listens as they pass the packet chain (the
 * `/phy/ADSB/raw` and `/phy/ADSB/beast` websockets). It taps the `track` stage after the
 * tracker's commit, as Kismet taps its logging stage, and hands on only good frames: packets
 * the ADSB decoder annotated with a frame (an SBS line carries none), not in error, not blocked
 * by a filter and not a duplicate of another datasource's. With no listener it costs one check.
 */
import type { Packet, Service } from '@svc/core';

/** Track-stage priority of the tap: after the tracker's commit (1000). */
const FRAME_FEED_STAGE = 2200;

/** One forwarded frame and the packet it came in. */
export type FrameListener = (frame: Uint8Array, packet: Packet) => void;

/** The fan-out of received frames to listeners. */
export class FrameFeed {
  readonly #listeners = new Set<FrameListener>();

  /** Starts handing frames to `listener`; the returned function stops it. */
  listen(listener: FrameListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A packet at the tap. */
  packet(packet: Packet): void {
    if (this.#listeners.size === 0 || packet.error || packet.filtered || packet.duplicate) return;
    const frame = packet.annotations.adsb?.frame;
    if (frame === undefined) return;
    for (const listener of this.#listeners) listener(frame, packet);
  }
}

/** Makes the feed and taps the packet chain for it. */
export function tapFrameFeed(svc: Service, pluginName: string): FrameFeed {
  const feed = new FrameFeed();
  svc.hooks.packet.for('track').tap({ name: pluginName, stage: FRAME_FEED_STAGE }, (packet) => feed.packet(packet));
  return feed;
}
