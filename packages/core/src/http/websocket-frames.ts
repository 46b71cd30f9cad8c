/**
 * Websocket text messages framed once for many sockets (RFC 6455 section 5.2, server to
 * client: unmasked). The device monitor sends the same batch of records to every socket that
 * asked for the same fields; framing the batch once into one buffer lets each socket take it in
 * one write, where a send per record and socket costs a frame header, a write and a callback
 * each, and 500 sockets at 1 000 records a second would spend the server on that alone.
 */

/** Messages framed together, and the messages themselves for a socket that cannot take frames. */
export interface FramedMessages {
  /** Every message as a final, unmasked text frame, one after the other. */
  readonly frames: Buffer;
  readonly messages: readonly string[];
}

/** Frames text messages one after the other in one buffer. */
export function frameTextMessages(messages: readonly string[]): FramedMessages {
  const lengths = messages.map((message) => Buffer.byteLength(message));
  let total = 0;
  for (const length of lengths) total += headerLength(length) + length;
  const frames = Buffer.allocUnsafe(total);
  let offset = 0;
  messages.forEach((message, index) => {
    const length = lengths[index]!;
    frames[offset++] = 0x81; // FIN, text
    if (length < 126) {
      frames[offset++] = length;
    } else if (length < 65536) {
      frames[offset++] = 126;
      frames.writeUInt16BE(length, offset);
      offset += 2;
    } else {
      frames[offset++] = 127;
      frames.writeBigUInt64BE(BigInt(length), offset);
      offset += 8;
    }
    offset += frames.write(message, offset, 'utf8');
  });
  return { frames, messages };
}

function headerLength(payload: number): number {
  return payload < 126 ? 2 : payload < 65536 ? 4 : 10;
}
