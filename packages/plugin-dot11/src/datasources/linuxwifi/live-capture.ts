/**
 * Live capture from a network interface through libpcap (the `pcap` package): each captured
 * frame becomes a packet with the capture's time and link type, queued for the datasource.
 * libpcap hands out one reused buffer, so every frame is copied before it is queued. Used by
 * `linuxwifi` on a monitor interface; any interface works, which is how it is tested on `lo`.
 * The binding is an optional dependency loaded on first use: without it (no libpcap or no
 * compiler at install time) svc runs, pcap files are read by svc's own reader, and only live
 * capture fails, saying what to install.
 */
import { createPacketQueue, importOptional, SvcError, type Packet } from '@svc/core';

/** A raw frame as the binding hands it out (`header`: the pcap record header). */
export interface PcapRawPacket {
  readonly buf: Buffer;
  readonly header: Buffer;
}

/** A capture session of the binding (live or offline). */
export interface PcapSession {
  readonly link_type: string;
  /** The native session and the two buffers it reads into (the binding's own fields). */
  readonly session: { dispatch(buffer: Buffer, header: Buffer): number };
  readonly buf: Buffer;
  readonly header: Buffer;
  on(event: 'packet', listener: (packet: PcapRawPacket) => void): void;
  once(event: 'complete', listener: () => void): void;
  stats(): { ps_drop: number };
  close(): void;
}

/**
 * Every live session ever opened, kept from the garbage collector for the life of the process.
 * The binding embeds libuv's poll handle in the native session and stops it without closing it,
 * so the handle stays in the event loop's handle list; were the session collected, the loop
 * would later write into freed memory (heap corruption, seen as crashes at exit in the tests).
 * A few hundred bytes per capture opened.
 */
const liveSessions = new Set<PcapSession>();

/**
 * Ends a session for good. The binding's `close()` only breaks libpcap's loop; it stops polling
 * the interface and closes libpcap's handle when a later read finds the loop broken, which
 * would wait for the next frame: the read is made here, at once, so the interface is let go.
 */
export function closeSession(session: PcapSession): void {
  session.close();
  try {
    session.session.dispatch(session.buf, session.header);
  } catch {
    // Already finalized by a read of its own.
  }
}

/**
 * What svc uses of the `pcap` package, declared here so that type-checking svc does not need
 * the optional package installed.
 */
export interface PcapBinding {
  createSession(iface: string, options: { buffer_size: number; buffer_timeout: number; promiscuous: boolean }): PcapSession;
  createOfflineSession(path: string): PcapSession;
}

/** The binding's package name, in a variable so neither TypeScript nor the bundler resolves it. */
const PCAP_PACKAGE = 'pcap';

/** What a user without the binding is told to do. */
export const PCAP_REMEDY = 'apt-get install libpcap-dev g++ make python3, then npm rebuild pcap in the directory svc is installed in';

let pcapBinding: Promise<PcapBinding> | undefined;

/** The pcap binding, loaded once; rejects with what to install when it is missing or broken. */
export function loadPcap(): Promise<PcapBinding> {
  pcapBinding ??= importOptional(async () => {
    // A CommonJS module: its exports arrive as the default export.
    const loaded = (await import(PCAP_PACKAGE)) as PcapBinding & { default?: PcapBinding };
    return loaded.default ?? loaded;
  }, {
    module: 'pcap',
    neededFor: 'live capture (linuxwifi)',
    remedy: PCAP_REMEDY,
  });
  return pcapBinding;
}

/** pcap link type names the binding reports, to their numbers. */
const LINK_TYPES: Readonly<Record<string, number>> = {
  LINKTYPE_NULL: 0,
  LINKTYPE_ETHERNET: 1,
  LINKTYPE_RAW: 101,
  LINKTYPE_LINUX_SLL: 113,
  LINKTYPE_IEEE802_11_RADIO: 127,
};

/** A running live capture. */
export interface LiveCapture {
  readonly dlt: number;
  readonly packets: AsyncIterable<readonly Packet[]>;
  /** Frames libpcap dropped because svc fell behind (from its statistics). */
  dropped(): number;
  /** Frames captured and not yet taken by the packet chain. */
  backlog(): number;
  close(): void;
}

/** Opens `iface` for capture; rejects with libpcap's reason when it cannot, or what to install without the binding. */
export async function openLiveCapture(iface: string, sourceUuid: string, options: { bufferBytes?: number } = {}): Promise<LiveCapture> {
  const pcap = await loadPcap();
  let session: PcapSession;
  try {
    session = pcap.createSession(iface, { buffer_size: options.bufferBytes ?? 8 * 1024 * 1024, buffer_timeout: 50, promiscuous: false });
  } catch (error) {
    throw new SvcError('SVC_ERR_DATASOURCE_OPEN', `libpcap could not open ${iface}: ${(error as Error).message}`, { cause: error });
  }
  liveSessions.add(session);
  const dlt = LINK_TYPES[String(session.link_type)] ?? -1;
  const queue = createPacketQueue();
  let closed = false;
  session.on('packet', (raw) => {
    const caplen = raw.header.readUInt32LE(8);
    const packet: Packet = {
      tsSec: raw.header.readUInt32LE(0),
      tsUsec: raw.header.readUInt32LE(4),
      sourceUuid,
      dlt,
      data: Buffer.from(raw.buf.subarray(0, caplen)),
      annotations: {},
    };
    // Live frames cannot wait: beyond the queue's mark they are still queued, and libpcap's own
    // buffer and drop counter take the overflow while the server catches up.
    queue.push(packet);
  });
  return {
    dlt,
    packets: queue.batches,
    backlog: () => queue.queued,
    dropped: () => {
      try {
        return session.stats().ps_drop;
      } catch {
        return 0;
      }
    },
    close() {
      if (closed) return;
      closed = true;
      closeSession(session);
      queue.end();
    },
  };
}

