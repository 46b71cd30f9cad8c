/**
 * A framer turns the bytes a serial port delivers, in whatever pieces the port cuts them, into
 * the frames the device sent. Serial links lose and corrupt bytes, and a port opened mid-stream
 * starts inside a frame, so every framer resynchronises by itself and reports each problem to
 * its sink instead of throwing; the serial capture counts those as error packets on the source.
 */

/** Where a framer delivers what it finds. */
export interface FrameSink {
  /** A complete frame, unescaped, without its delimiters. */
  frame(frame: Buffer): void;
  /** Something that was not a valid frame (garbage, a cut frame, a bad checksum). */
  error(reason: string): void;
}

/** A framing: fed chunks in order, it calls its sink for each frame and each error. */
export interface Framer {
  push(chunk: Buffer): void;
  /** Forgets a partial frame (the port was reopened). */
  reset(): void;
}

/** Makes a framer delivering to a sink; what a serial type names to pick its framing. */
export type FramerFactory = (sink: FrameSink) => Framer;
