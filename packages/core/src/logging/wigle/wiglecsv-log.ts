/**
 * The `wiglecsv` log type (Kismet's): a WiGLE CSV file of the networks and devices svc hears
 * while it knows where it is, ready to upload to wigle.net. A packet makes a row only when it
 * carries a valid fix and its PHY describes its sending device for WiGLE (802.11 access points
 * from their management frames, BLE advertisers); each device gets at most one row every
 * `wigle_log_throttle` seconds. Rows are written a chunk at a time, as the pcapng log does.
 *
 * Those rows are sightings, at the sensor's position, as WiGLE defines its columns and as Kismet
 * writes them. svc adds its estimate of where each device is (tracker/location-estimate.ts)
 * when the log closes, unless `wigle_log_estimates=false`: one more row per device that made
 * rows and has an estimate, at the estimated position, with the strongest signal it was heard
 * at as RSSI and the estimate's radius as AccuracyMeters (sightings say 0 there). The columns
 * stay WiGLE's 1.6 set, so the file still uploads and Kismet's readers still read it.
 */
import type { PhyDefinition } from '../../tracker/phy.js';
import type { TrackedDevice } from '../../tracker/tracked-device.js';
import { CORE_VERSION } from '../../version.js';
import { ChunkedFile } from '../chunked-file.js';
import type { LogOpenContext, LogTypeDefinition, LogWriter } from '../log-type.js';
import { estimatedPoint, estimateRadius } from '../../tracker/location-estimate.js';
import { wigleHeader, wigleLine, type WigleRow } from './wigle-csv.js';

/** Most time a row waits in memory before it is written. */
const FLUSH_MS = 1000;
/** Text past which the closing rows are written before more are made. */
const FLUSH_CHARACTERS = 1 << 20;
/** Devices remembered for throttling past which those whose time has come are forgotten. */
const THROTTLE_PRUNE_AT = 50_000;

/** The `wiglecsv` log type. */
export const wiglecsvLogType: LogTypeDefinition = {
  name: 'wiglecsv',
  description: 'WiGLE CSV (WigleWifi-1.6) of access points and BLE devices heard with a GPS fix, for wigle.net',
  extension: 'wiglecsv',
  async open(context: LogOpenContext): Promise<LogWriter> {
    const { svc } = context;
    const throttleSeconds = svc.config.getNumber('wigle_log_throttle', 1, { min: 0 });
    const withEstimates = svc.config.getBoolean('wigle_log_estimates', true);
    /** The last row of each device that made one, for its estimate's row at the end. */
    const lastRows = new Map<TrackedDevice, WigleRow>();
    const file = await ChunkedFile.create(context.path, wigleHeader('svc', CORE_VERSION), context.fail);
    const phys = new Map<string, PhyDefinition | undefined>();
    const nextRowAt = new Map<TrackedDevice, number>();
    let pending = '';
    const flush = () => {
      if (pending === '') return;
      file.write(pending);
      pending = '';
    };
    flush();
    const timer = setInterval(flush, FLUSH_MS);
    timer.unref();
    const phyOf = (name: string) => {
      if (!phys.has(name)) phys.set(name, svc.phys.get(name));
      return phys.get(name);
    };

    return {
      packet(packet) {
        const { gps, device } = packet;
        if (!gps || gps.fix < 2 || (gps.lat === 0 && gps.lon === 0) || !device) return;
        const now = packet.tsSec;
        if ((nextRowAt.get(device) ?? 0) > now) return;
        const row = phyOf(device.phy.name)?.wigleRow?.(device, packet);
        if (!row) return;
        if (nextRowAt.size >= THROTTLE_PRUNE_AT) for (const [known, at] of nextRowAt) if (at <= now) nextRowAt.delete(known);
        nextRowAt.set(device, now + throttleSeconds);
        pending += wigleLine(row, device.mac, device.firstTime, packet.signal?.signalDbm ?? 0, gps);
        if (withEstimates) lastRows.set(device, row);
      },
      size: () => file.written + file.queued + Buffer.byteLength(pending),
      async close() {
        clearInterval(timer);
        for (const [device, row] of lastRows) {
          const estimate = device.location?.estimate;
          if (estimate) pending += wigleLine(row, device.mac, device.firstTime, estimate.peakSignal, estimatedPoint(estimate), estimateRadius(estimate));
          if (pending.length >= FLUSH_CHARACTERS) flush();
        }
        lastRows.clear();
        flush();
        await file.close();
      },
    };
  },
};
