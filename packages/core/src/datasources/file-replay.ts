/**
 * The replay loop every file-reading source shares (a pcap or pcapng, a btsnoop log): frames
 * paced as the definition asks, each made a packet of the source, the file closed at the end,
 * and the same words for the same outcomes: a file corrupt in the middle fails the source for
 * good (replaying it again would only count its first part again), a file that ends inside a
 * record says so on the message bus, and the end of the file says how much was replayed.
 */
import { SvcError } from '../errors.js';
import type { Packet } from '../packets/packet.js';
import type { OpenContext } from './datasource-type.js';
import { ReplayClock, type ReplayPacing, type Timestamped } from './replay-clock.js';

/** An open file a source replays. */
export interface ReplayFile<F extends Timestamped> {
  readonly path: string;
  /** Set once the reader met the end of the file inside a record. */
  readonly truncated: boolean;
  /** The frames in file order, in batches; throws on a corrupt record. */
  frames(): AsyncIterable<F[]>;
  close(): Promise<void>;
}

/** How a replay names what it reads. */
export interface ReplayWords {
  /** One frame of the file (`frame`, `record`). */
  readonly unit: string;
  /** The file when it ends inside a frame (`a truncated capture`). */
  readonly truncated: string;
  /** Whether an error thrown by `frames()` means the file is corrupt (not a passing read error). */
  readonly isCorrupt: (error: unknown) => boolean;
}

/** The packets and the close of a source replaying `file`; the caller adds the capture's info. */
export function replayFile<F extends Timestamped>(
  file: ReplayFile<F>,
  pacing: ReplayPacing,
  context: OpenContext,
  toPacket: (frame: F) => Packet,
  words: ReplayWords,
): { packets: AsyncGenerator<Packet[]>; close(): Promise<void> } {
  let closed = false;
  async function* replay(): AsyncGenerator<Packet[]> {
    const clock = new ReplayClock(pacing);
    try {
      for await (const slice of clock.paced(file.frames(), () => closed)) yield slice.map(toPacket);
    } catch (error) {
      if (words.isCorrupt(error)) throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', `${(error as Error).message}; the ${clock.replayed} ${words.unit}s before it were read`, { cause: error });
      throw error;
    } finally {
      await file.close();
    }
    if (closed) return;
    if (file.truncated) context.message(`${file.path} ends inside a ${words.unit} (${words.truncated}); the ${clock.replayed} ${words.unit}s before it were read`, 'error');
    context.message(`replayed ${clock.replayed} ${words.unit}s from ${file.path}`);
  }
  return {
    packets: replay(),
    async close() {
      closed = true;
      await file.close();
    },
  };
}
