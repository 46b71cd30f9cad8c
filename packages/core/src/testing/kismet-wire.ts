/**
 * Frames assembled byte by byte from the layout in kismet-reference.md section 6 and the
 * msgpack specification, independent of svc's encoder, so protocol tests check svc against
 * the documented wire format rather than against itself.
 */

/** msgpack values written by hand (smallest encodings, as Kismet's mpack writes them). */
export const mp = {
  uint(value: number): Buffer {
    if (value < 0x80) return Buffer.from([value]);
    if (value < 0x100) return Buffer.from([0xcc, value]);
    if (value < 0x10000) return Buffer.from([0xcd, value >> 8, value & 255]);
    const out = Buffer.alloc(5);
    out[0] = 0xce;
    out.writeUInt32BE(value, 1);
    return out;
  },
  str(text: string): Buffer {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length < 32) return Buffer.concat([Buffer.from([0xa0 | bytes.length]), bytes]);
    if (bytes.length < 256) return Buffer.concat([Buffer.from([0xd9, bytes.length]), bytes]);
    return Buffer.concat([Buffer.from([0xda, bytes.length >> 8, bytes.length & 255]), bytes]);
  },
  bin(bytes: Buffer): Buffer {
    return Buffer.concat([Buffer.from([0xc4, bytes.length]), bytes]);
  },
  array(items: Buffer[]): Buffer {
    return Buffer.concat([Buffer.from([0x90 | items.length]), ...items]);
  },
  /** A map with small integer keys. */
  map(entries: [number, Buffer][]): Buffer {
    return Buffer.concat([Buffer.from([0x80 | entries.length]), ...entries.flatMap(([key, value]) => [mp.uint(key), value])]);
  },
};

/** A v3 frame: the 20-byte big-endian header, then the msgpack body. */
export function wireFrame(type: number, seqno: number, body: Buffer, code = 1): Buffer {
  const header = Buffer.alloc(20);
  header.writeUInt32BE(0xdecafbad, 0);
  header.writeUInt16BE(0xa9a9, 4);
  header.writeUInt16BE(3, 6);
  header.writeUInt32BE(body.length, 8);
  header.writeUInt16BE(type, 12);
  header.writeUInt16BE(code, 14);
  header.writeUInt32BE(seqno, 16);
  return Buffer.concat([header, body]);
}

/** Reads a frame header by the documented layout. */
export function readWireHeader(frame: Buffer): { signature: number; sentinel: number; version: number; length: number; type: number; code: number; seqno: number } {
  return {
    signature: frame.readUInt32BE(0),
    sentinel: frame.readUInt16BE(4),
    version: frame.readUInt16BE(6),
    length: frame.readUInt32BE(8),
    type: frame.readUInt16BE(12),
    code: frame.readUInt16BE(14),
    seqno: frame.readUInt32BE(16),
  };
}
