/**
 * Serial devices end to end: `svc start` as a real process with an `nrf51822` source on a real
 * pty pair and a serial NMEA GPS from svc.conf on another. Sniffer frames written to the far
 * end become BLE devices in `phy-BTLE`, located where the GPS stream says the sensor was: once
 * on a shared gpsd recording (real data, skipped where it is not there), once on the drive
 * track made here, whose ground truth says where and when its last fix is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realDataPath, realDataTest, waitUntil } from '@svc/core/testing';
import { nordicAdvertisingFrame, openPtyPair, readSvcTrack } from '@svc/plugin-serial/testing';
import { adminGet, startSvc } from './svc-process.js';

/** Where the GPS stream's last fix is (and when, unix seconds, where it matters). */
interface LastFix {
  readonly lat: number;
  readonly lon: number;
  readonly time?: number;
}

/** Feeds `stream` to svc's serial GPS: its last fix is served, and sniffed BLE devices appear in phy-BTLE located there. */
async function sniffedDevicesAtTheFix(stream: Buffer, fix: LastFix): Promise<void> {
  const sniffer = await openPtyPair();
  const gps = await openPtyPair();
  const configDir = mkdtempSync(join(tmpdir(), 'svc-e2e-btle-'));
  writeFileSync(join(configDir, 'svc.conf'), `gps=serial:device=${gps.device},baud=4800,name=dash\n`);
  const svc = await startSvc({ configDir, args: ['-c', `nrf51822-0:device=${sniffer.device},name=ble`] });
  const get = adminGet(svc);
  /** Waits for a condition, showing the server's output when it never holds. */
  const wait = (what: string, check: () => Promise<boolean>) =>
    waitUntil(what, check, { timeoutMs: 15_000, intervalMs: 50, detail: () => `${svc.stdout()}\n${svc.stderr()}` });
  const near = (location: any) => {
    const [lon, lat] = location['svc.common.location.geopoint'];
    return Math.abs(lat - fix.lat) < 1e-6 && Math.abs(lon - fix.lon) < 1e-6;
  };
  try {
    await wait('the GPS runs', async () => (await get('/gps/all_gps.json'))[0]?.['svc.gps.state'] === 'running');
    await gps.send(stream);
    await wait('a valid fix', async () => (await get('/gps/location.json'))['svc.common.location.valid'] === 1);
    await wait('the last fix', async () => {
      const location = await get('/gps/location.json');
      return near(location) && (fix.time === undefined || location['svc.common.location.time_sec'] === fix.time);
    });
    const [lon, lat] = (await get('/gps/location.json'))['svc.common.location.geopoint'];
    assert.ok(Math.abs(lat - fix.lat) < 1e-6 && Math.abs(lon - fix.lon) < 1e-6, `${lat}, ${lon}`);

    await wait('the sniffer runs', async () => (await get('/datasource/all_sources.json'))[0]?.['svc.datasource.running'] === 1);
    for (const [index, name] of ['Thermo 1', 'Tag 2'].entries()) {
      sniffer.write(nordicAdvertisingFrame({ type: 0, address: `C0:00:00:00:00:0${index}`, random: true, ad: [[0x09, name]] }, { channel: 37 + index, rssi: 60 + index }));
    }
    await wait('both devices', async () => (await get('/devices/views/phy-BTLE/devices.json')).length === 2);
    const devices = await get('/devices/views/phy-BTLE/devices.json');
    assert.equal(devices.map((device: any) => device['svc.device.base.name']).sort(), ['Tag 2', 'Thermo 1']);
    for (const device of devices) {
      assert.is(device['svc.device.base.phyname'], 'BTLE');
      const where = device['svc.device.base.location']['svc.common.location.last']['svc.common.location.geopoint'];
      assert.ok(Math.abs(where[1] - fix.lat) < 1e-6 && Math.abs(where[0] - fix.lon) < 1e-6, 'located at the GPS fix');
    }
    const views = await get('/devices/views/all_views.json');
    assert.ok(views.some((view: any) => view['svc.devices.view.id'] === 'phy-BTLE'));
    const [source] = await get('/datasource/all_sources.json');
    assert.is(source['svc.datasource.type_driver']['svc.datasource.driver.type'], 'nrf51822');
  } finally {
    await svc.stop();
    await sniffer.close();
    await gps.close();
  }
}

realDataTest(test, 'the GPS fix is served, and sniffed BLE devices appear in phy-BTLE with it', ['serial/gpsd_garmin17n.raw.nmea'], () =>
  sniffedDevicesAtTheFix(readFileSync(realDataPath('serial', 'gpsd_garmin17n.raw.nmea')), { lat: 52.219065, lon: 21.0108517 }),
);

test('on the drive made here: its last fix is served, and sniffed BLE devices appear in phy-BTLE with it', () => {
  const drive = readSvcTrack('svc-track-drive');
  const end = drive.summary.epochs.at(-1)!;
  return sniffedDevicesAtTheFix(drive.bytes, { lat: end.lat!, lon: end.lon!, time: Date.parse(end.time) / 1000 });
});

test.run();
