/**
 * The serial source framework: what every serially attached capture device shares, for svc's
 * own types and for plugin authors'. It opens the port with the definition's line settings,
 * cuts the byte stream into frames with the type's framing, hands each frame to the type's
 * decoder, and counts every framing error and undecodable frame as an error packet on the
 * source. The port is read only as fast as the server takes the packets. When the device goes
 * away (a USB unplug, a closed pty) the capture fails saying so, and the datasource tracker
 * reopens it under the source's retry policy, so it comes back when the device does.
 */
import { createPacketQueue, type Capture, type CaptureInfo, type OpenContext, type Packet } from '@svc/core';
import { openSerialPort, watchSerialPort } from './serial-port.js';
import type { FramerFactory } from './framing/framer.js';

/** How to open and read one serial device. */
export interface SerialCaptureOptions {
  /** Device path (`/dev/ttyUSB0`). */
  readonly device: string;
  readonly baudRate: number;
  /** The device's framing. */
  readonly framer: FramerFactory;
  /**
   * Turns one frame into packets (none for a frame that carries nothing to track, such as a
   * status reply). Throwing marks the frame undecodable: it becomes an error packet.
   */
  decode(frame: Buffer, sourceUuid: string): Packet | readonly Packet[] | undefined;
  /** What the capture reports about itself. */
  readonly info?: CaptureInfo;
  /** Assert RTS and DTR after opening (some sniffer firmware waits for them). */
  readonly assertLines?: boolean;
}

/** A packet that only counts a framing or decoding error on the source. */
function errorPacket(sourceUuid: string): Packet {
  const now = Date.now();
  return { tsSec: Math.floor(now / 1000), tsUsec: (now % 1000) * 1000, sourceUuid, dlt: 0, error: true, annotations: {} };
}

/** Opens a serial device and returns its capture; rejects with the reason when it cannot be opened. */
export async function openSerialCapture(options: SerialCaptureOptions, context: OpenContext): Promise<Capture> {
  const port = await openSerialPort(options.device, options.baudRate, 'SVC_ERR_DATASOURCE_OPEN');
  if (options.assertLines) await new Promise<void>((resolve) => port.set({ rts: true, dtr: true }, () => resolve()));

  const queue = createPacketQueue();
  const uuid = context.uuid;
  let closing = false;
  let errors = 0;
  const push = (packet: Packet) => {
    if (!queue.push(packet) && !port.isPaused()) {
      port.pause();
      void queue.drained().then(() => port.resume());
    }
  };
  const framer = options.framer({
    frame(frame) {
      let packets;
      try {
        packets = options.decode(frame, uuid);
      } catch (error) {
        if (errors++ === 0) context.message(`${options.device}: a frame svc could not decode (${(error as Error).message}); further ones are only counted`, 'error');
        push(errorPacket(uuid));
        return;
      }
      if (packets === undefined) return;
      for (const packet of Array.isArray(packets) ? (packets as readonly Packet[]) : [packets as Packet]) push(packet);
    },
    error(reason) {
      if (errors++ === 0) context.message(`${options.device}: ${reason}; further framing errors are only counted`, 'error');
      context.log.debug(`${options.device}: ${reason}`);
      push(errorPacket(uuid));
    },
  });
  port.on('data', (chunk: Buffer) => framer.push(chunk));
  port.on('error', (error: Error) => context.log.debug(`${options.device}: ${error.message}`));
  const link = watchSerialPort(port, options.device, () => queue.fail(new Error(`serial device ${options.device} went away (unplugged?)`)));
  port.on('close', () => {
    if (closing) queue.end();
  });

  return {
    info: { captureInterface: options.device, ...options.info },
    packets: queue.batches,
    backlog: () => queue.queued,
    async close() {
      closing = true;
      await link.close();
      queue.end();
    },
  };
}
