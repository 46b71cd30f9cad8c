/**
 * The `kismetdb` datasource type (Kismet's name): replays a log, svc's `.svcdb` or Kismet's own
 * `.kismet`, through the packet chain with the times it was captured at, so a log can be
 * analysed again by a newer svc or a different set of plugins. Frames keep their link type and
 * bytes; non-frame records (rtl_433 JSON, serial reports) keep their type, which is the same in
 * both servers. As fast as the server takes it, `realtime=true`, or `pps=N`, as pcapfile.
 */
import { open as openFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Capture, DatasourceTypeDefinition, OpenContext } from '../../datasources/datasource-type.js';
import type { SourceDefinition } from '../../datasources/definition.js';
import { readReplayPacing, REPLAY_OPTIONS, ReplayClock } from '../../datasources/replay-clock.js';
import { checkSourceFile } from '../../datasources/source-file.js';
import { stableUuid } from '../../datasources/type-resolution.js';
import { describeError, SvcError } from '../../errors.js';
import type { Packet } from '../../packets/packet.js';
import { LogReplayFile, type ReplayRecord } from './log-replay-file.js';

/** Type name, as Kismet spells it. */
export const KISMETDB_TYPE = 'kismetdb';

/** Records handed to the chain at a time when replaying fast. */
const BATCH = 512;

/** The kismetdb datasource type. */
export const kismetdbType: DatasourceTypeDefinition = {
  name: KISMETDB_TYPE,
  description: 'replays a kismetdb log (.svcdb or Kismet .kismet): frames and records with their capture times',
  capabilities: { probe: true, list: false, local: true, remote: false, passive: false, tune: false, hop: false, replay: true },
  options: REPLAY_OPTIONS,
  validate: async (definition) => {
    readReplayPacing(definition, KISMETDB_TYPE);
    await checkSourceFile(definition.interface, 'kismetdb log');
    LogReplayFile.open(definition.interface).close();
  },
  probe: async (definition) => isSqliteFile(definition.interface),
  uuidFor: (definition) => stableUuid(KISMETDB_TYPE, resolve(definition.interface)),
  open: openReplay,
};

async function isSqliteFile(path: string): Promise<boolean> {
  try {
    await checkSourceFile(path);
    const file = await openFile(path, 'r');
    try {
      const head = Buffer.alloc(16);
      await file.read(head, 0, 16, 0);
      return LogReplayFile.looksLikeSqlite(head);
    } finally {
      await file.close();
    }
  } catch {
    return false;
  }
}

async function openReplay(definition: SourceDefinition, context: OpenContext): Promise<Capture> {
  const pacing = readReplayPacing(definition, KISMETDB_TYPE);
  let log: LogReplayFile;
  try {
    log = LogReplayFile.open(definition.interface);
  } catch (error) {
    // The log was fine when the source was added; now it is gone or damaged: no retry helps.
    throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', describeError(error), { cause: error });
  }
  let closed = false;
  const uuid = context.uuid;
  const toPacket = (record: ReplayRecord): Packet => {
    const packet: Packet = { tsSec: record.tsSec, tsUsec: record.tsUsec, sourceUuid: uuid, dlt: record.dlt, annotations: {} };
    if (record.frame) packet.data = record.frame;
    if (record.json) packet.json = { type: record.json.type, text: record.json.text };
    if (record.lat !== 0 || record.lon !== 0) packet.gps = { lat: record.lat, lon: record.lon, alt: record.alt, fix: record.alt !== 0 ? 3 : 2, time: record.tsSec };
    if (record.freqKhz > 0 && record.json) packet.signal = { freqKhz: record.freqKhz };
    return packet;
  };

  async function* replay(): AsyncGenerator<Packet[]> {
    const clock = new ReplayClock(pacing);
    let finished = false;
    try {
      for await (const slice of clock.paced(log.records(BATCH), () => closed)) yield slice.map(toPacket);
      finished = !closed;
    } catch (error) {
      if (closed) return;
      throw new SvcError('SVC_ERR_DATASOURCE_PERMANENT', `${log.path} could not be read past record ${clock.replayed}: ${describeError(error)}`, { cause: error });
    } finally {
      closed = true;
      log.close();
    }
    if (finished) context.message(`replayed ${clock.replayed} packets and records from ${log.path} (kismetdb version ${log.version}, written by ${log.writer || 'an unknown server'})`);
  }

  return {
    info: { captureInterface: log.path, hardware: `kismetdb ${log.version} log` },
    packets: replay(),
    async close() {
      closed = true;
    },
  };
}
