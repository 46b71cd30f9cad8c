/**
 * State across restarts (`tracker_restore`): at start, before any datasource opens, the device
 * tracker takes back every device of the newest log that holds devices. Each `devices` row
 * carries the device's whole record as svc served it; the core rebuilds the base fields and the
 * PHY its sub-record. Rows are read and adopted a few thousand at a time, so the HTTP server
 * answers while 100 000 devices come back. A damaged log or row is reported and skipped; it
 * never stops the server from starting.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describeError } from '../../errors.js';
import { MessageFlags } from '../../messages/message-bus.js';
import type { Service } from '../../service-types.js';
import { deviceFromRecord } from '../../tracker/device-restore.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';

/** Rows adopted per turn of the event loop. */
const ROWS_PER_TURN = 2000;

/** How a restore went. */
export interface RestoreResult {
  /** The log the devices came from; undefined when there was none. */
  readonly path: string | undefined;
  readonly restored: number;
  /** Rows that were not a device svc could rebuild (unknown PHY, damaged JSON). */
  readonly skipped: number;
}

/** `.svcdb` logs under `prefix`, newest first (by modification time, then name). */
export function logsNewestFirst(prefix: string): string[] {
  let names: string[];
  try {
    names = readdirSync(prefix).filter((name) => name.endsWith('.svcdb'));
  } catch {
    return [];
  }
  return names
    .map((name) => ({ path: join(prefix, name), time: statSync(join(prefix, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time || b.path.localeCompare(a.path))
    .map((entry) => entry.path);
}

/** Restores the devices of the newest log under `prefix` that holds any. */
export async function restoreTracker(svc: Service, prefix: string): Promise<RestoreResult> {
  for (const path of logsNewestFirst(prefix)) {
    let db: Database.Database;
    try {
      db = new Database(path, { readonly: true, fileMustExist: true });
    } catch (error) {
      svc.messages.post(`tracker restore: ${path} cannot be opened (${describeError(error)}); trying an older log`, MessageFlags.ERROR);
      continue;
    }
    try {
      const count = (db.prepare('SELECT count(*) AS n FROM devices').get() as { n: number }).n;
      if (count === 0) continue;
      const result = await adoptRows(svc, db, path);
      svc.messages.post(`restored ${result.restored} devices from ${path}${result.skipped ? ` (${result.skipped} rows skipped: an unknown PHY, a damaged record or an ingest filter rule)` : ''}`);
      return result;
    } catch (error) {
      svc.messages.post(`tracker restore: ${path} cannot be read (${describeError(error)}); trying an older log`, MessageFlags.ERROR);
    } finally {
      db.close();
    }
  }
  return { path: undefined, restored: 0, skipped: 0 };
}

async function adoptRows(svc: Service, db: Database.Database, path: string): Promise<RestoreResult> {
  // In the order the rows were written (sorting the blobs in SQLite would cost more than the
  // reading); the devices join the recency list oldest first, sorted here.
  const rows = db.prepare('SELECT phyname, CAST(device AS TEXT) FROM devices').raw(true).iterate() as IterableIterator<[string, Buffer | string]>;
  const restorers = new Map(svc.phys.list().map((phy) => [phy.name, phy.restoreComponent]));
  const devices: TrackedDevice[] = [];
  let skipped = 0;
  let inTurn = 0;
  for (const [phyName, blob] of rows) {
    const device = rebuild(svc, phyName, blob, restorers.get(phyName));
    if (device) devices.push(device);
    else skipped++;
    if (++inTurn >= ROWS_PER_TURN) {
      inTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  devices.sort((a, b) => a.lastTime - b.lastTime || a.modTime - b.modTime);
  let restored = 0;
  for (const device of devices) {
    if (svc.devices.adopt(device)) restored++;
    else skipped++;
    if (++inTurn >= ROWS_PER_TURN) {
      inTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { path, restored, skipped };
}

function rebuild(svc: Service, phyName: string, blob: Buffer | string, restoreComponent: ((record: Record<string, unknown>, device: TrackedDevice) => unknown) | undefined): TrackedDevice | undefined {
  const phy = svc.devices.phy(phyName);
  if (!phy) return undefined;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(typeof blob === 'string' ? blob : blob.toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const device = deviceFromRecord(record, phy);
  if (!device || !phy.componentField || !phy.componentKey || !restoreComponent) return device;
  const sub = record[phy.componentField];
  if (sub !== null && typeof sub === 'object') {
    try {
      const component = restoreComponent(sub as Record<string, unknown>, device);
      if (component !== undefined) (device.components as Record<string, unknown>)[phy.componentKey] = component;
    } catch (error) {
      // A PHY that cannot read its own old record keeps the device with its base fields.
      svc.messages.post(`tracker restore: ${phyName} could not rebuild the sub-record of ${device.key} (${describeError(error)})`, MessageFlags.DEBUG);
    }
  }
  return device;
}
