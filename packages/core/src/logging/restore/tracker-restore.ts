/**
 * State across restarts (`tracker_restore`): at start, before any datasource opens, the device
 * tracker takes back every device of the newest log that holds devices. Each device comes from
 * the compact state snapshot beside the log (svcdb/device-state-file.ts) when it has one there,
 * else from its `devices` row, which carries its whole record as svc served it: the core
 * rebuilds the base fields and the PHY its sub-record. Rows are read and adopted a few thousand at a time, so the HTTP server
 * answers while 100 000 devices come back. A damaged log or row is reported and skipped; it
 * never stops the server from starting.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describeError, isSvcError } from '../../errors.js';
import { MessageFlags } from '../../messages/message-bus.js';
import type { Service } from '../../service-types.js';
import { deviceFromRecord } from '../../tracker/device-restore.js';
import { readDeviceState } from '../../tracker/state/device-state.js';
import { StateReader } from '../../tracker/state/state-reader.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';
import { deviceStatePath, STATE_SCHEMA_NAME } from '../svcdb/device-state-file.js';
import { loggedPhys, rekeyed, type LoggedPhy } from './logged-phys.js';

/** Rows adopted per turn of the event loop. */
const ROWS_PER_TURN = 2000;

/** How a restore went. */
export interface RestoreResult {
  /** The log the devices came from; undefined when there was none. */
  readonly path: string | undefined;
  readonly restored: number;
  /** Rows that were not a device svc could rebuild (unknown PHY, damaged JSON). */
  readonly skipped: number;
  /** Devices read from the state snapshot beside the log rather than from its JSON records. */
  readonly fromSnapshot: number;
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
      const skipped = result.skipped ? `; ${result.skipped} rows skipped: an unknown PHY, a damaged record or an ingest filter rule` : '';
      svc.messages.post(`restored ${result.restored} devices from ${path} (${result.fromSnapshot} from its state snapshot${skipped})`);
      return result;
    } catch (error) {
      svc.messages.post(`tracker restore: ${path} cannot be read (${describeError(error)}); trying an older log`, MessageFlags.ERROR);
    } finally {
      db.close();
    }
  }
  return { path: undefined, restored: 0, skipped: 0, fromSnapshot: 0 };
}

/** A row of the log's `devices` table, with the device's state from the snapshot when there is one. */
type DeviceRow = [phyname: string, lastTime: number, state: Uint8Array | null, rowid: number];

async function adoptRows(svc: Service, db: Database.Database, path: string): Promise<RestoreResult> {
  const phys = loggedPhys(svc.phys.list());
  const devices: TrackedDevice[] = [];
  let skipped = 0;
  let inTurn = 0;
  const turn = async () => {
    if (++inTurn < ROWS_PER_TURN) return;
    inTurn = 0;
    await new Promise((resolve) => setImmediate(resolve));
  };
  // The snapshot first: each device from its compact state. Devices it lacks or cannot give
  // back (a PHY without a compact form, a state of another layout) come from their JSON record.
  const fromRecord: number[] = [];
  const withState = attachSnapshot(svc, db, path);
  // In the order the rows were written (sorting the blobs in SQLite would cost more than the
  // reading); the devices join the recency list oldest first, sorted below.
  const rows = withState
    ? (db.prepare(`SELECT d.phyname, d.last_time, s.state, d.rowid FROM devices d LEFT JOIN ${STATE_SCHEMA_NAME}.device_state s ON s.phyname = d.phyname AND s.devmac = d.devmac`).raw(true).iterate() as IterableIterator<DeviceRow>)
    : (db.prepare('SELECT phyname, last_time, NULL, rowid FROM devices').raw(true).iterate() as IterableIterator<DeviceRow>);
  let damagedStates = 0;
  let olderStates = 0;
  for (const [phyName, lastTime, state, rowid] of rows) {
    const logged = phys.get(phyName);
    const phy = logged && svc.devices.phy(logged.definition.name);
    if (!phy || !logged) skipped++;
    // A state saved under a former PHY name holds the former key and sub-record: the JSON record is converted instead.
    else if (state === null || logged.former) fromRecord.push(rowid);
    else {
      try {
        const device = readDeviceState(new StateReader(state), phy, logged.definition.componentState);
        // The two files commit each batch apart: after a crash between them, the JSON record
        // can be a batch newer than the state.
        if (Math.floor(device.lastTime) < lastTime) fromRecord.push(rowid);
        else devices.push(device);
      } catch (error) {
        // States another version wrote are expected after an upgrade: said once, quietly.
        if (isSvcError(error, 'SVC_ERR_STATE_VERSION')) {
          if (++olderStates === 1) svc.messages.post(`tracker restore: ${deviceStatePath(path)} holds device states another version of svc wrote (${describeError(error)}); such devices come back from their JSON records`, MessageFlags.INFO);
        } else if (++damagedStates === 1) svc.messages.post(`tracker restore: a device state in ${deviceStatePath(path)} cannot be read (${describeError(error)}); such devices come back from their JSON records`, MessageFlags.ERROR);
        fromRecord.push(rowid);
      }
    }
    await turn();
  }
  const fromSnapshot = devices.length;
  const recordOf = db.prepare('SELECT phyname, CAST(device AS TEXT) FROM devices WHERE rowid = ?').raw(true);
  for (const rowid of fromRecord) {
    const [phyName, blob] = recordOf.get(rowid) as [string, Buffer | string];
    const logged = phys.get(phyName);
    const device = logged && rebuild(svc, logged, blob);
    if (device) devices.push(device);
    else skipped++;
    await turn();
  }
  devices.sort((a, b) => a.lastTime - b.lastTime || a.modTime - b.modTime);
  let restored = 0;
  for (const device of devices) {
    if (svc.devices.adopt(device)) restored++;
    else skipped++;
    await turn();
  }
  return { path, restored, skipped, fromSnapshot };
}

/** Attaches the log's state snapshot when it has a readable one; false when the log is read alone. */
function attachSnapshot(svc: Service, db: Database.Database, path: string): boolean {
  const statePath = deviceStatePath(path);
  if (!existsSync(statePath)) return false;
  try {
    db.prepare(`ATTACH DATABASE ? AS ${STATE_SCHEMA_NAME}`).run(statePath);
    db.prepare(`SELECT 1 FROM ${STATE_SCHEMA_NAME}.device_state LIMIT 1`).get();
    return true;
  } catch (error) {
    svc.messages.post(`tracker restore: the state snapshot ${statePath} cannot be read (${describeError(error)}); restoring from the log's JSON records`, MessageFlags.ERROR);
    if (db.prepare('SELECT 1 FROM pragma_database_list WHERE name = ?').get(STATE_SCHEMA_NAME)) db.exec(`DETACH DATABASE ${STATE_SCHEMA_NAME}`);
    return false;
  }
}

/** The device of a logged JSON record; one logged under a former PHY name is taken as the PHY's now. */
function rebuild(svc: Service, logged: LoggedPhy, blob: Buffer | string): TrackedDevice | undefined {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(typeof blob === 'string' ? blob : blob.toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return rebuildRecord(svc, logged, record);
}

/**
 * A device rebuilt from its whole record as an svc served it (base fields and the PHY's
 * sub-record), for plugins that receive records from another svc (plugin-fleet's fleet view).
 * Undefined when the record is no device of a PHY this server has (by its current or a former
 * name). The device is not tracked: the caller hands it to the tracker (`admit`, `refresh`).
 */
export function deviceFromServedRecord(svc: Pick<Service, 'phys' | 'devices' | 'messages'>, record: Record<string, unknown>): TrackedDevice | undefined {
  const phyName = record['svc.device.base.phyname'];
  const logged = typeof phyName === 'string' ? loggedPhys(svc.phys.list()).get(phyName) : undefined;
  return logged && rebuildRecord(svc, logged, record);
}

function rebuildRecord(svc: Pick<Service, 'devices' | 'messages'>, { definition, former }: LoggedPhy, record: Record<string, unknown>): TrackedDevice | undefined {
  const phy = svc.devices.phy(definition.name);
  if (!phy) return undefined;
  const sub = phy.componentField ? record[former?.componentField ?? phy.componentField] : undefined;
  const component = sub !== null && typeof sub === 'object' ? (sub as Record<string, unknown>) : undefined;
  const { restoredMac, restoreComponent } = definition;
  const mac = restoredMac && component ? (logged: number) => macOrLogged(() => restoredMac(component, logged), logged) : undefined;
  const key = record['svc.device.base.key'];
  // A key logged under a former name takes the current prefix; a PHY that changed its MACs gives the current MAC.
  if (typeof key === 'string' && (former || mac)) record['svc.device.base.key'] = rekeyed(key, former ? phy.keyPrefix : undefined, mac);
  const device = deviceFromRecord(record, phy);
  if (!device || !phy.componentKey || !restoreComponent) return device;
  if (component) {
    try {
      const restored = restoreComponent(component, device);
      if (restored !== undefined) (device.components as Record<string, unknown>)[phy.componentKey] = restored;
    } catch (error) {
      // A PHY that cannot read its own old record keeps the device with its base fields.
      svc.messages.post(`tracker restore: ${definition.name} could not rebuild the sub-record of ${device.key} (${describeError(error)})`, MessageFlags.DEBUG);
    }
  }
  return device;
}

/** The MAC `restored` gives; the logged one when the PHY cannot work it out (it throws), so the device still comes back. */
function macOrLogged(restored: () => number, logged: number): number {
  try {
    return restored();
  } catch {
    return logged;
  }
}
