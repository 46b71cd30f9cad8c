/**
 * The `svcdb` log type, svc's default log: a SQLite file in kismetdb version 9's layout, less
 * what its device and packet filters block (logging/filters). The
 * packet path only packs rows (packets by column, see packet-rows.ts); a writer thread commits
 * them in one transaction per batch, at least every quarter second, so the chain never waits
 * on the disk and a killed server loses at most the last batch. Past a few batches in flight the
 * log asks file sources to wait, so its memory stays bounded and every frame is kept.
 */
import { closeSync, openSync } from 'node:fs';
import { describeError, SvcError } from '../../errors.js';
import { MessageFlags } from '../../messages/message-bus.js';
import type { GpsFix } from '../../gps/gps-fix.js';
import { nowSeconds } from '../../time/timestamp.js';
import { StateWriter } from '../../tracker/state/state-writer.js';
import { startModuleWorker } from '../../util/module-worker.js';
import { CORE_VERSION } from '../../version.js';
import type { LogOpenContext, LogTypeDefinition, LogWriter } from '../log-type.js';
import type { LogFilters } from '../filters/log-filter-settings.js';
import { deviceStatePath } from './device-state-file.js';
import { PacketRows } from './packet-rows.js';
import { alertRow, dataRow, datasourceRow, deviceRow, deviceStateRow, gpsSnapshotRow, messageRow, poiSnapshotRow } from './svcdb-rows.js';
import type { DeviceStateRow, SvcdbReply, SvcdbRequest, SvcdbValue, SvcdbWorkerData } from './svcdb-messages.js';
import type { SvcdbRowTable } from './svcdb-schema.js';

/** Packets per batch, and the bytes of frames a batch holds before it is sent early. */
const BATCH_PACKETS = 8192;
const BATCH_BYTES = 4 << 20;
/** Most time a row waits before its batch is sent (what a killed server can lose). */
const FLUSH_MS = 250;
/** Batches sent and not yet committed past which file sources wait. */
const HIGH_WATER_BATCHES = 6;

/**
 * The `svcdb` log type; `filters` are its device and packet filters (what they block is not
 * written).
 */
export function createSvcdbLogType(filters: Pick<LogFilters, 'devices' | 'packets'>): LogTypeDefinition {
  return {
    name: 'svcdb',
    description: "SQLite log in kismetdb version 9's layout: packets, non-frame records, devices, alerts, messages, datasources, GPS snapshots",
    extension: 'svcdb',
    open: (context) => openSvcdb(context, filters),
  };
}

async function openSvcdb(context: LogOpenContext, filters: Pick<LogFilters, 'devices' | 'packets'>): Promise<LogWriter> {
  // Created here, 0640 as every log (SQLite would make them 0644 under the usual umask); its
  // write-ahead and shared-memory files take the mode of their database.
  for (const file of [context.path, deviceStatePath(context.path)]) closeSync(openSync(file, 'wx', 0o640));
  const workerData: SvcdbWorkerData = { path: context.path, version: CORE_VERSION };
  const worker = startModuleWorker(new URL('./svcdb-worker.ts', import.meta.url), 'dist/logging/svcdb/svcdb-worker.js', { workerData });
  const { svc } = context;
  const rows = new PacketRows(BATCH_PACKETS, BATCH_BYTES);
  let pending: Partial<Record<SvcdbRowTable, SvcdbValue[][]>> = {};
  let pendingStates: DeviceStateRow[] = [];
  const stateWriter = new StateWriter();
  /** PHYs whose sub-records failed to pack, reported once each. */
  const failedStates = new Set<string>();
  let pendingRows = 0;
  let nextBatch = 0;
  let committed = 0;
  /** Records of the batches sent and not yet committed, by batch id. */
  const inFlight = new Map<number, number>();
  let inFlightRecords = 0;
  let packetId = 0;
  let bytes = 0;
  let failed = false;
  let waiters: (() => void)[] = [];
  /** Drop requests sent and not yet answered, by id. */
  const drops = new Map<number, { resolve: (count: number) => void; reject: (error: Error) => void }>();
  let nextDrop = 0;
  let onClosed: (() => void) | undefined;

  const release = () => {
    const released = waiters;
    waiters = [];
    for (const resolve of released) resolve();
  };
  const opened = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: SvcdbReply) => {
      if (reply.kind === 'opened') resolve();
      else if (reply.kind === 'written') {
        committed = reply.id;
        if (reply.arrays) rows.recycle(reply.arrays);
        for (const [id, records] of inFlight) {
          if (id > committed) break;
          inFlightRecords -= records;
          inFlight.delete(id);
        }
        bytes = reply.bytes;
        if (nextBatch - committed <= HIGH_WATER_BATCHES / 2) release();
      } else if (reply.kind === 'dropped') {
        drops.get(reply.id)?.resolve(reply.count);
        drops.delete(reply.id);
      } else if (reply.kind === 'failed') {
        const error = new SvcError('SVC_ERR_LOG_WRITE', `svcdb log ${context.path}: ${reply.message} (${reply.code})`);
        reject(error);
        for (const drop of drops.values()) drop.reject(error);
        drops.clear();
        if (!failed) {
          failed = true;
          release();
          context.fail(error);
        }
      } else onClosed?.();
    });
    worker.on('error', (error) => {
      reject(error);
      if (!failed) {
        failed = true;
        release();
        context.fail(error);
      }
    });
  });
  await opened;

  const add = (table: SvcdbRowTable, row: SvcdbValue[]) => {
    (pending[table] ??= []).push(row);
    pendingRows++;
  };
  const flush = () => {
    if (failed || (rows.count === 0 && pendingRows === 0)) return;
    const records = pendingRows + rows.count;
    const packets = rows.count > 0 ? rows.take() : undefined;
    const request: SvcdbRequest = { kind: 'batch', id: ++nextBatch, packets, rows: pending, deviceStates: pendingStates };
    inFlight.set(request.id, records);
    inFlightRecords += records;
    pending = {};
    pendingStates = [];
    pendingRows = 0;
    worker.postMessage(request, packets ? [packets.numbers.buffer as ArrayBuffer, packets.bytes.buffer as ArrayBuffer] : []);
  };
  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();
  const currentFix = (): GpsFix | undefined => svc.gps.best()?.fix;

  return {
    packet(packet) {
      if (filters.packets.blocks(packet)) return;
      if (packet.data !== undefined) {
        if (!context.logPackets) return;
        rows.add(packet, ++packetId);
        if (rows.full) flush();
      } else if (packet.json !== undefined) {
        add('data', dataRow(packet));
      }
    },
    device(device) {
      if (filters.devices.blocks(device.phy.name, device.mac)) return;
      add('devices', deviceRow(device, nowSeconds()));
      try {
        const state = deviceStateRow(device, svc.phys.get(device.phy.name)?.componentState, stateWriter);
        if (state) pendingStates.push(state);
      } catch (error) {
        // The device keeps its JSON row, which restores it; the PHY's other devices are tried
        // again, and the fault is reported once.
        if (!failedStates.has(device.phy.name)) {
          failedStates.add(device.phy.name);
          svc.messages.post(`svcdb log ${context.path}: ${device.phy.name} could not pack the sub-record of ${device.key} for the state snapshot (${describeError(error)}); such devices restore from the log's JSON records`, MessageFlags.ERROR);
        }
      }
    },
    event(topic, record) {
      const fields = record as Record<string, unknown>;
      if (topic === 'ALERT') add('alerts', alertRow(fields, currentFix()));
      else if (topic === 'MESSAGE') add('messages', messageRow(fields, currentFix()));
      else if (topic === 'POI') add('snapshots', poiSnapshotRow(fields));
      else if (topic.startsWith('DATASOURCE_') || topic === 'NEW_DATASOURCE') add('datasources', datasourceRow(fields));
    },
    position(fix) {
      add('snapshots', gpsSnapshotRow(fix));
    },
    dropPackets(before) {
      if (failed) return Promise.reject(new SvcError('SVC_ERR_LOG_WRITE', `svcdb log ${context.path} has failed; it takes no more requests`));
      // What is queued goes first, so packets handed to the log before the request are dropped too.
      flush();
      const id = ++nextDrop;
      return new Promise<number>((resolve, reject) => {
        drops.set(id, { resolve, reject });
        worker.postMessage({ kind: 'drop', id, before } satisfies SvcdbRequest);
      });
    },
    ready() {
      if (failed || nextBatch - committed < HIGH_WATER_BATCHES) return undefined;
      return new Promise((resolve) => waiters.push(resolve));
    },
    size: () => bytes,
    backlog: () => inFlightRecords + pendingRows + rows.count,
    async close() {
      clearInterval(timer);
      flush();
      const closed = new Promise<void>((resolve) => {
        onClosed = resolve;
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ kind: 'close' } satisfies SvcdbRequest);
      await closed;
      await worker.terminate();
    },
  };
}
