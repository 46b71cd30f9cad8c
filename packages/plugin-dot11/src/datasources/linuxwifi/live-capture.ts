/**
 * Live capture from a network interface through libpcap (the `pcap` package): each captured
 * frame becomes a packet with the capture's time and link type, queued for the datasource.
 * libpcap hands out one reused buffer, so every frame is copied before it is queued. Used by
 * `linuxwifi` on a monitor interface; any interface works, which is how it is tested on `lo`.
 */
import pcap from 'pcap';
import { createPacketQueue, SvcError, type Packet } from '@svc/core';

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
  close(): void;
}

/** Opens `iface` for capture; throws with libpcap's reason when it cannot. */
export function openLiveCapture(iface: string, sourceUuid: string, options: { bufferBytes?: number } = {}): LiveCapture {
  let session: ReturnType<typeof pcap.createSession>;
  try {
    session = pcap.createSession(iface, { buffer_size: options.bufferBytes ?? 8 * 1024 * 1024, buffer_timeout: 50, promiscuous: false });
  } catch (error) {
    throw new SvcError('SVC_ERR_DATASOURCE_OPEN', `libpcap could not open ${iface}: ${(error as Error).message}`, { cause: error });
  }
  const dlt = LINK_TYPES[String(session.link_type)] ?? -1;
  const queue = createPacketQueue();
  let closed = false;
  session.on('packet', (raw: { buf: Buffer; header: Buffer }) => {
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
      // The binding only breaks libpcap's loop here; it lets go of the interface's poll handle
      // at the next frame (on a monitor interface, milliseconds later).
      session.close();
      queue.end();
    },
  };
}

