/**
 * The `pcapng` log type (Kismet's): every frame, as captured, in a pcapng file with one interface
 * per datasource and link type. Frames are packed on the packet path and written a chunk at a
 * time by the file system's thread pool; past a few chunks in flight the log asks file sources
 * to wait, so memory stays bounded and no frame is dropped.
 */
import { open } from 'node:fs/promises';
import { CORE_VERSION } from '../../version.js';
import type { LogOpenContext, LogTypeDefinition, LogWriter } from '../log-type.js';
import { PcapngChunker } from './pcapng-chunker.js';
import { sourceInterfaceName } from './source-interface-name.js';

/** Bytes packed before a write is started. */
const WRITE_BYTES = 1 << 20;
/** Bytes queued for writing past which file sources wait. */
const HIGH_WATER_BYTES = 8 << 20;
/** Most time a frame waits in memory before it is written. */
const FLUSH_MS = 500;

/** The `pcapng` log type. */
export const pcapngLogType: LogTypeDefinition = {
  name: 'pcapng',
  description: 'every captured frame in a pcapng file, one interface per datasource (Wireshark, tshark, aircrack-ng read it)',
  extension: 'pcapng',
  async open(context: LogOpenContext): Promise<LogWriter> {
    const file = await open(context.path, 'wx', 0o640);
    const chunker = new PcapngChunker(sourceInterfaceName(context.svc.datasources), `svc ${CORE_VERSION}`);
    let written = 0;
    let queuedBytes = 0;
    /** Packets written into chunks not yet on disk, and how many of the chunker's were taken. */
    let queuedPackets = 0;
    let takenPackets = 0;
    let writing = Promise.resolve();
    let failed = false;
    let waiters: (() => void)[] = [];

    const flush = () => {
      const chunk = chunker.take();
      if (!chunk || failed) return;
      const packets = chunker.packets - takenPackets;
      takenPackets = chunker.packets;
      queuedPackets += packets;
      queuedBytes += chunk.length;
      writing = writing.then(async () => {
        if (failed) return;
        try {
          await file.write(chunk);
          written += chunk.length;
        } catch (error) {
          failed = true;
          context.fail(error as Error);
        } finally {
          queuedBytes -= chunk.length;
          queuedPackets -= packets;
          if (queuedBytes < HIGH_WATER_BYTES / 2 || failed) {
            const released = waiters;
            waiters = [];
            for (const resolve of released) resolve();
          }
        }
      });
    };
    flush();
    const timer = setInterval(flush, FLUSH_MS);
    timer.unref();

    return {
      packet(packet) {
        if (!context.logPackets || !chunker.add(packet)) return;
        if (chunker.pending >= WRITE_BYTES) flush();
      },
      ready() {
        if (queuedBytes < HIGH_WATER_BYTES || failed) return undefined;
        return new Promise((resolve) => waiters.push(resolve));
      },
      size: () => written + queuedBytes + chunker.pending,
      backlog: () => queuedPackets + chunker.packets - takenPackets,
      async close() {
        clearInterval(timer);
        flush();
        await writing;
        await file.close();
      },
    };
  },
};
