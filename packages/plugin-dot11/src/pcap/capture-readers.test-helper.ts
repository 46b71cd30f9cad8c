/**
 * Reading a capture file whole in tests, two ways: through svc's own reader, and through real
 * libpcap (the `pcap` package), so a file svc wrote can be checked by both.
 */
import { closeSession, loadPcap } from '../datasources/linuxwifi/live-capture.js';
import { CaptureFile, type CaptureFrame } from './capture-file.js';

/** Every frame of a file through svc's reader (copies of the bytes), the reader and its largest batch. */
export async function readAll(path: string): Promise<{ frames: CaptureFrame[]; file: CaptureFile; largestBatch: number }> {
  const file = await CaptureFile.open(path);
  const frames: CaptureFrame[] = [];
  let largestBatch = 0;
  try {
    for await (const batch of file.frames()) {
      largestBatch = Math.max(largestBatch, batch.length);
      for (const frame of batch) frames.push({ ...frame, data: Buffer.from(frame.data) });
    }
  } finally {
    await file.close();
  }
  return { frames, file, largestBatch };
}

/** A frame as libpcap gives it. */
export interface LibpcapFrame {
  tsSec: number;
  tsUsec: number;
  len: number;
  data: Buffer;
}

/** What libpcap itself reads from a file (node_pcap reuses one buffer: copy each frame). */
export async function readWithLibpcap(path: string): Promise<LibpcapFrame[]> {
  const session = (await loadPcap()).createOfflineSession(path);
  const frames: LibpcapFrame[] = [];
  session.on('packet', (packet) => {
    const caplen = packet.header.readUInt32LE(8);
    frames.push({ tsSec: packet.header.readUInt32LE(0), tsUsec: packet.header.readUInt32LE(4), len: packet.header.readUInt32LE(12), data: Buffer.from(packet.buf.subarray(0, caplen)) });
  });
  return new Promise((resolve) =>
    session.once('complete', () => {
      closeSession(session);
      resolve(frames);
    }),
  );
}
