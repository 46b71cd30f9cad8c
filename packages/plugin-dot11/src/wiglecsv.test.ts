/**
 * The WiGLE CSV log of real captures and svc's demo scene replayed with a fixed GPS position: WiGLE's two header
 * lines, then rows of exactly the networks tshark finds (BSSIDs of beacons and probe responses)
 * with tshark's SSIDs, DS channels and encryption, at the GPS position, at most one row per
 * network per second of capture time; without a fix, no rows at all.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@svc/core';
import { createTestService, parseCsv, projectDataPath, realDataPath, realDataTest, waitUntil, type TestBody } from '@svc/core/testing';
import dot11Plugin from './index.js';
import { wigleCapabilities } from './wigle-row.js';
import { readAll } from './pcap/capture-readers.test-helper.js';
import { Crypt } from './device/crypt.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-wigle-'));

async function wigleLog(capture: string, frames: number, gps?: string, extra: Record<string, string> = {}): Promise<string[]> {
  const prefix = mkdtempSync(join(scratch, 'logs-'));
  const t = await createTestService({
    plugins: [dot11Plugin],
    log: createLogger({ write: () => {} }),
    config: { enable_logging: 'true', log_types: 'wiglecsv', log_prefix: prefix, ...(gps ? { gps } : {}), ...extra },
  });
  try {
    await t.svc.start();
    const source = await t.svc.datasources.add(capture);
    await waitUntil(`${capture} replayed`, () => source.numPackets === frames);
    await t.svc.stop();
  } finally {
    await t.close();
  }
  const [file] = readdirSync(prefix);
  assert.match(file!, /\.wiglecsv$/);
  return readFileSync(join(prefix, file!), 'utf8').split('\n').filter(Boolean);
}

/**
 * The WiGLE log of `capture` (tshark's reference beside it) has one row per network per second,
 * as tshark sees the networks, then one row per network heard with a signal at svc's estimate
 * of its position: with a sensor that did not move, where the sensor was, within 0 m, at the
 * strongest signal heard.
 */
function rowsMatchTshark(capture: string, leastEstimates = 0): TestBody {
  return async () => {
    const reference = JSON.parse(readFileSync(capture.replace(/\.(pcap|cap)$/, '.tshark.json'), 'utf8'));
    const lines = await wigleLog(capture, reference.frames_total, 'virtual:lat=52.2215,lon=6.8937,alt=41.5');
    assert.match(lines[0]!, /^WigleWifi-1\.6,appRelease=[^,]+,model=svc,release=[^,]+,device=svc,display=svc,board=svc,brand=svc,star=Sol,body=3,subBody=0$/);
    assert.is(lines[1], 'MAC,SSID,AuthMode,FirstSeen,Channel,Frequency,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,RCOIs,MfgrId,Type');
    const rows = lines.slice(2).map((line) => parseCsv(line)[0]!);
    // Sightings say 0 for AccuracyMeters; the estimates, written last, their radius.
    const firstEstimate = rows.findIndex((row) => row[10] !== '0');
    const sightings = firstEstimate < 0 ? rows : rows.slice(0, firstEstimate);
    const estimateRows = firstEstimate < 0 ? [] : rows.slice(firstEstimate);
    const seen = new Map<string, number>();
    const lastSighting = new Map<string, string[]>();
    const loudest = new Map<string, number>();
    for (const row of sightings) {
      assert.is(row.length, 14, row.join(','));
      const [mac, ssid, authMode, firstSeen, channel, , rssi, lat, lon, alt, , , , type] = row as string[];
      const bssid = reference.bssids[mac!.toLowerCase()];
      assert.ok(bssid, `${mac} is a network tshark saw`);
      // tshark calls a hidden network's empty SSID <MISSING>.
      const ssids = (bssid.ssids as string[]).map((name) => (name === '<MISSING>' ? '' : name));
      assert.ok(ssids.includes(ssid!), `${mac} SSID '${ssid}' is one of tshark's ${JSON.stringify(bssid.ssids)}`);
      if (bssid.ds_channels.length) assert.ok(bssid.ds_channels.includes(Number(channel)), `${mac} channel ${channel}`);
      const encrypted = bssid.encryption.includes('RSN') ? /\[WPA[23]-/ : bssid.encryption.includes('WPA') ? /\[WPA-/ : bssid.encryption.includes('WEP') ? /\[WEP\]/ : /^\[(ESS|IBSS)\]$/;
      assert.match(authMode!, encrypted, `${mac} AuthMode ${authMode} for ${bssid.encryption}`);
      assert.match(firstSeen!, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.ok(Number(rssi) <= 0, `RSSI ${rssi}`);
      assert.equal([lat, lon, alt], ['52.221500', '6.893700', '41.5']);
      assert.is(type, 'WIFI');
      assert.is(row[10], '0');
      seen.set(mac!.toLowerCase(), (seen.get(mac!.toLowerCase()) ?? 0) + 1);
      lastSighting.set(mac!, row);
      loudest.set(mac!, Math.max(loudest.get(mac!) ?? -Infinity, Number(rssi)));
    }
    assert.equal([...seen.keys()].sort(), Object.keys(reference.bssids).sort(), 'every network tshark saw, and no other device');
    const seconds = new Set((await readAll(capture)).frames.map((frame) => frame.tsSec)).size;
    for (const [mac, count] of seen) assert.ok(count <= seconds, `${mac}: ${count} rows in a capture of ${seconds} distinct seconds`);
    const heardWithSignal = [...loudest].filter(([, rssi]) => rssi < 0).map(([mac]) => mac);
    assert.equal(estimateRows.map((row) => row[0]).sort(), heardWithSignal.sort(), 'one estimate row per network heard with a signal');
    assert.ok(estimateRows.length >= leastEstimates, `${estimateRows.length} estimate rows`);
    for (const row of estimateRows) {
      const [mac, , , , , , rssi, lat, lon, alt, accuracy] = row as string[];
      assert.equal([lat, lon, alt, accuracy], ['52.221500', '6.893700', '41.5', '0.0'], mac);
      assert.ok(Number(rssi) >= loudest.get(mac!)! && Number(rssi) < 0, `${mac}: the strongest signal, ${rssi}`);
      const sighting = lastSighting.get(mac!)!;
      assert.equal([...row.slice(0, 6), ...row.slice(11)], [...sighting.slice(0, 6), ...sighting.slice(11)], `${mac}: named as in its last sighting`);
    }
  };
}

const TITLE = "one WiGLE row per network per second, with tshark's SSID, channel and encryption";
for (const capture of ['aircrack-ng_test1.pcap', 'packetnet_80211_plus_radiotap_header.pcap', 'aircrack-ng_wpa3-psk.pcap']) {
  realDataTest(test, `${capture}: ${TITLE}`, [`dot11/${capture}`, `dot11/${capture.replace(/\.pcap$/, '.tshark.json')}`], rowsMatchTshark(realDataPath('dot11', capture)));
}
test(`svc-demo-scene.pcap: ${TITLE}, then one row per network at its estimate`, rowsMatchTshark(projectDataPath('dot11', 'svc-demo-scene.pcap'), 5));

test('wigle_log_estimates=false: sightings only', async () => {
  const frames = JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total as number;
  const lines = await wigleLog(projectDataPath('dot11', 'svc-demo-scene.pcap'), frames, 'virtual:lat=52.2215,lon=6.8937,alt=41.5', { wigle_log_estimates: 'false' });
  const rows = lines.slice(2).map((line) => parseCsv(line)[0]!);
  assert.ok(rows.length > 10);
  assert.ok(rows.every((row) => row[10] === '0'));
});

test('no GPS fix: the WiGLE log holds its header and no row', async () => {
  const frames = JSON.parse(readFileSync(projectDataPath('dot11', 'svc-demo-scene.tshark.json'), 'utf8')).frames_total as number;
  const lines = await wigleLog(projectDataPath('dot11', 'svc-demo-scene.pcap'), frames);
  assert.is(lines.length, 2);
});

test('capabilities are written as WiGLE and Android write them', () => {
  assert.is(wigleCapabilities(Crypt.WPA | Crypt.VERSION_WPA2 | Crypt.PSK | Crypt.AES_CCM), '[WPA2-PSK-CCMP]');
  assert.is(wigleCapabilities(Crypt.WPA | Crypt.VERSION_WPA | Crypt.VERSION_WPA2 | Crypt.PSK | Crypt.TKIP | Crypt.AES_CCM | Crypt.WPS), '[WPS][WPA-PSK-CCMP+TKIP][WPA2-PSK-CCMP+TKIP]');
  assert.is(wigleCapabilities(Crypt.WPA | Crypt.VERSION_WPA2 | Crypt.VERSION_WPA3 | Crypt.PSK | Crypt.SAE | Crypt.AES_CCM), '[WPA2-PSK-CCMP][WPA3-SAE-CCMP]');
  assert.is(wigleCapabilities(Crypt.WEP), '[WEP]');
  assert.is(wigleCapabilities(0), '');
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
