/**
 * The `pcapng` log type (Kismet's): every frame, as captured, in a pcapng file with one interface
 * per datasource and link type. Frames are packed on the packet path and written a chunk at a
 * time by the file system's thread pool; past a few chunks in flight the log asks file sources
 * to wait, so memory stays bounded and no frame is dropped.
 */
import { CORE_VERSION } from '../../version.js';
import { ChunkedFile } from '../chunked-file.js';
import type { LogOpenContext, LogTypeDefinition, LogWriter } from '../log-type.js';
import { PcapngChunker } from './pcapng-chunker.js';
import { sourceInterfaceName } from './source-interface-name.js';

/** Bytes packed before a write is started. */
const WRITE_BYTES = 1 << 20;
/** Bytes queued for writing past which file sources wait (until half of it is written). */
const HIGH_WATER_BYTES = 8 << 20;
/** Most time a frame waits in memory before it is written. */
const FLUSH_MS = 500;

/** The `pcapng` log type. */
export const pcapngLogType: LogTypeDefinition = {
  name: 'pcapng',
  description: 'every captured frame in a pcapng file, one interface per datasource (Wireshark, tshark, aircrack-ng read it)',
  extension: 'pcapng',
  async open(context: LogOpenContext): Promise<LogWriter> {
    const chunker = new PcapngChunker(sourceInterfaceName(context.svc.datasources), `svc ${CORE_VERSION}`);
    // The section header goes to disk before the log counts as open.
    const file = await ChunkedFile.create(context.path, chunker.take()!, context.fail);
    /** Packets of the chunker already handed to the file. */
    let takenPackets = 0;
    const flush = () => {
      const chunk = chunker.take();
      if (!chunk) return;
      file.write(chunk, chunker.packets - takenPackets);
      takenPackets = chunker.packets;
    };
    flush();
    const timer = setInterval(flush, FLUSH_MS);
    timer.unref();

    return {
      packet(packet) {
        if (!context.logPackets || !chunker.add(packet)) return;
        if (chunker.pending >= WRITE_BYTES) flush();
      },
      ready: () => (file.queued >= HIGH_WATER_BYTES ? file.whenQueuedBelow(HIGH_WATER_BYTES / 2) : undefined),
      size: () => file.written + file.queued + chunker.pending,
      backlog: () => file.queuedRecords + chunker.packets - takenPackets,
      async close() {
        clearInterval(timer);
        flush();
        await file.close();
      },
    };
  },
};
