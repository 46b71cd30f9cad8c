/**
 * The `adsb` datasource type: Mode S and ADS-B from the decoder a user already runs, or from a
 * recording. `-c host:30005:type=adsb` connects to a running dump1090, readsb or Beast
 * receiver and reads its feed (Beast binary on 30005, AVR raw hex on 30002, SBS/BaseStation on
 * 30003; the format is found from the first bytes, or `format=` names it); a feed that cannot be
 * reached or closes puts the source in error, and the retry policy reconnects it.
 * `-c recording.txt` or `-c recording.bin` replays an AVR, Beast or SBS file once, as fast as
 * the server takes it (recordings of raw frames carry no wall-clock time: the frames are stamped
 * as they are read). Unreadable input is counted as error packets.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import { checkSourceFile, createPacketQueue, looksLikePath, stableUuid, SvcError, type Capture, type DatasourceTypeDefinition, type OpenContext, type Packet, type SourceDefinition } from '@svc/core';
import { detectFeedFormat, FEED_FORMATS, feedReader, type FeedFormat, type FeedItem } from './feed-format.js';
import { DLT_MODE_S, modeSPacket, SBS_RECORD_TYPE, unreadableFramePacket } from './mode-s-link-type.js';
import { DUMP1090_COMMAND, IQ_EXTENSIONS, iqFormat, openIqRecording } from './iq-replay.js';

/** Type name. */
export const ADSB_TYPE = 'adsb';
const HOST_PORT = /^(?:\[(.+)\]|([^:[\]]+)):(\d{1,5})$/;
/** Bytes looked at to find a file's format. */
const HEAD_BYTES = 64;
/** Bytes of a recording read at a time: about 500 AVR lines or 700 Beast messages. */
const READ_BYTES = 16 << 10;

/** Where a definition reads from: a network feed, or a file. */
type Origin = { readonly kind: 'feed'; readonly host: string; readonly port: number } | { readonly kind: 'file'; readonly path: string };

function originOf(definition: SourceDefinition): Origin {
  const match = HOST_PORT.exec(definition.interface);
  if (match && !looksLikePath(definition.interface)) {
    const port = Number(match[3]);
    if (port < 1 || port > 65535) throw new SvcError('SVC_ERR_BAD_DEFINITION', `adsb: port ${port} is out of range (1-65535)`);
    return { kind: 'feed', host: match[1] ?? match[2]!, port };
  }
  return { kind: 'file', path: definition.interface };
}

/** What a definition's `format=` names: a feed format, or an IQ recording. */
function formatOption(definition: SourceDefinition): FeedFormat | 'iq' | undefined {
  const format = definition.options.get('format');
  if (format === undefined) return undefined;
  if (format === 'iq') return 'iq';
  if (!(FEED_FORMATS as readonly string[]).includes(format)) throw new SvcError('SVC_ERR_BAD_DEFINITION', `adsb option format must be ${FEED_FORMATS.join(', ')} or iq, not '${format}'`);
  return format as FeedFormat;
}

async function fileHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The format of a recording, named or found; throws when it is none. A file of an IQ recording's
 * name whose bytes are no feed is an IQ recording (they have no header to tell them by).
 */
async function fileFormat(path: string, named: FeedFormat | 'iq' | undefined): Promise<FeedFormat | 'iq'> {
  await checkSourceFile(path, 'recording');
  if (named) return named;
  const format = detectFeedFormat(await fileHead(path));
  if (format) return format;
  if (IQ_EXTENSIONS.test(path)) return 'iq';
  throw new SvcError('SVC_ERR_BAD_DEFINITION', `${path} is not an AVR, Beast or SBS recording (its first bytes are none of them; format= names one)`);
}

/** Builds the adsb type; `dump1090` is the program IQ recordings are demodulated with. */
export function createAdsbType(dump1090 = DUMP1090_COMMAND): DatasourceTypeDefinition {
  return {
    name: ADSB_TYPE,
    description: "Mode S / ADS-B from a running decoder's feed (host:30005 Beast, host:30002 AVR, host:30003 SBS) or a recorded AVR, Beast or SBS file",
    capabilities: { probe: true, list: false, local: true, remote: false, passive: true, tune: false, hop: false },
    options: {
      format: `the feed's format: ${FEED_FORMATS.join(', ')} (default: found from the first bytes), or iq for a raw IQ recording`,
      iformat: 'the sample format of an IQ recording: uc8 (rtl_sdr .cu8, the default), sc16 or sc16q11',
    },
    validate: async (definition) => {
      const named = formatOption(definition);
      iqFormat(definition.options.get('iformat'));
      const origin = originOf(definition);
      if (origin.kind === 'file') await fileFormat(origin.path, named);
    },
    // A feed recording is found by its bytes; an IQ recording needs type=adsb (rtl_433 reads .cu8 files too).
    probe: async (definition) => {
      const origin = originOf(definition);
      if (origin.kind !== 'file') return false;
      try {
        return (await fileFormat(origin.path, undefined)) !== 'iq';
      } catch {
        return false;
      }
    },
    uuidFor: (definition) => {
      const origin = originOf(definition);
      return stableUuid(ADSB_TYPE, origin.kind === 'file' ? resolve(origin.path) : `${origin.host}:${origin.port}`);
    },
    open: (definition, context) => openAdsb(dump1090, definition, context),
  };
}

/** The packet of one feed item, stamped now. */
function packetOf(item: FeedItem, uuid: string): Packet {
  if ('sbs' in item) {
    const now = Date.now();
    return { tsSec: Math.floor(now / 1000), tsUsec: (now % 1000) * 1000, sourceUuid: uuid, dlt: 0, json: { type: SBS_RECORD_TYPE, text: item.sbs }, annotations: {} };
  }
  return modeSPacket(item.frame, uuid, item.signalDbfs);
}

/** An error packet for something the feed held that was no frame. */
async function openAdsb(dump1090: string, definition: SourceDefinition, context: OpenContext): Promise<Capture> {
  const origin = originOf(definition);
  const named = formatOption(definition);
  if (origin.kind === 'feed') {
    if (named === 'iq') throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', 'adsb: format=iq is for recordings; a network feed is beast, avr or sbs');
    return openFeed(origin.host, origin.port, named, context);
  }
  let format: FeedFormat | 'iq';
  try {
    format = await fileFormat(origin.path, named);
  } catch (error) {
    throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', (error as Error).message, { cause: error });
  }
  return format === 'iq' ? openIqRecording(dump1090, origin.path, iqFormat(definition.options.get('iformat')), context) : openRecording(origin.path, format, context);
}

/** Feeds `chunk` through the reader (made once the format is known) into packets. */
function chunkPackets(reader: ReturnType<typeof feedReader>, items: FeedItem[], badBefore: number, uuid: string): Packet[] {
  const packets = items.map((item) => packetOf(item, uuid));
  for (let i = badBefore; i < reader.bad; i++) packets.push(unreadableFramePacket(uuid));
  return packets;
}

async function openRecording(path: string, format: FeedFormat, context: OpenContext): Promise<Capture> {
  const reader = feedReader(format);
  // Small reads: a chunk's packets are made at once, and a few hundred of them die young where
  // tens of thousands would outlive a scavenge or two.
  const stream = createReadStream(path, { highWaterMark: READ_BYTES });
  let read = 0;
  async function* replay(): AsyncGenerator<Packet[]> {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bad = reader.bad;
      const packets = chunkPackets(reader, reader.push(chunk), bad, context.uuid);
      read += packets.length;
      if (packets.length > 0) yield packets;
    }
    const bad = reader.bad;
    const last = chunkPackets(reader, reader.end(), bad, context.uuid);
    read += last.length;
    if (last.length) yield last;
    context.message(`replayed ${read} ${format === 'sbs' ? 'lines' : 'frames'} from ${path}${reader.bad ? ` (${reader.bad} unreadable)` : ''}`);
  }
  return {
    info: { captureInterface: path, dlt: format === 'sbs' ? 0 : DLT_MODE_S, hardware: `${format} recording` },
    packets: replay(),
    async close() {
      stream.destroy();
    },
  };
}

/** Why a feed could not be reached, in words. */
function connectError(host: string, port: number, error: NodeJS.ErrnoException): Error {
  const where = `${host}:${port}`;
  if (error.code === 'ECONNREFUSED') return new Error(`nothing listens on ${where} (connection refused): is the decoder running with its network outputs on (dump1090 --net)?`);
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return new Error(`the feed host ${host} cannot be resolved (${error.code})`);
  if (error.code === 'ETIMEDOUT' || error.code === 'EHOSTUNREACH') return new Error(`the feed ${where} cannot be reached (${error.code})`);
  return new Error(`the feed ${where} failed: ${error.message}`);
}

async function openFeed(host: string, port: number, named: FeedFormat | undefined, context: OpenContext): Promise<Capture> {
  const socket = createConnection({ host, port });
  await new Promise<void>((resolveConnect, reject) => {
    socket.once('connect', () => resolveConnect());
    socket.once('error', (error: NodeJS.ErrnoException) => reject(connectError(host, port, error)));
  });
  const queue = createPacketQueue();
  let reader: ReturnType<typeof feedReader> | undefined = named ? feedReader(named) : undefined;
  let head = Buffer.alloc(0);
  let closing = false;
  const deliver = (chunk: Buffer) => {
    if (!reader) {
      head = Buffer.concat([head, chunk]);
      const format = detectFeedFormat(head);
      if (!format) {
        if (head.length >= HEAD_BYTES) {
          socket.destroy();
          queue.fail(new SvcError('SVC_ERR_DATASOURCE_PERMANENT', `${host}:${port} sends no Beast, AVR or SBS feed (its first bytes are none of them; format= names one)`));
        }
        return;
      }
      reader = feedReader(format);
      context.message(`reading the ${format} feed of ${host}:${port}`);
      chunk = head;
    }
    const bad = reader.bad;
    for (const packet of chunkPackets(reader, reader.push(chunk), bad, context.uuid)) {
      if (!queue.push(packet)) socket.pause();
    }
    void queue.drained().then(() => socket.resume());
  };
  socket.on('data', deliver);
  socket.on('error', (error: NodeJS.ErrnoException) => queue.fail(connectError(host, port, error)));
  socket.on('close', () => {
    if (!closing) queue.fail(new Error(`the feed ${host}:${port} closed the connection`));
  });
  return {
    info: { captureInterface: `${host}:${port}`, dlt: DLT_MODE_S, hardware: `Mode S feed${named ? ` (${named})` : ''}` },
    packets: queue.batches,
    async close() {
      closing = true;
      socket.destroy();
      queue.end();
    },
  };
}
