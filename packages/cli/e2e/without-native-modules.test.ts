/**
 * svc on a machine where the optional native modules did not install (no libpcap, no compiler):
 * a real `svc start` with `pcap` and `serialport` made unloadable. The server starts and replays
 * a capture file with svc's own reader; only the types that need a binding fail, each on its
 * source's record, saying what to install.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { networkName, NPM_START_CAPTURE } from './dot11-captures.js';
import { adminGet, basicAuth, demoSourceOfNpmStart, startSvc, waitForFirstSource, type SvcProcess } from './svc-process.js';

const withoutNativeModules = fileURLToPath(new URL('./fixtures/without-native-modules.mjs', import.meta.url));
let svc: SvcProcess;

test.before(async () => {
  svc = await startSvc({ nodeArgs: ['--import', withoutNativeModules], args: ['-c', demoSourceOfNpmStart()] });
});
test.after(async () => {
  await svc.stop();
});

const addSource = async (definition: string) => {
  const response = await fetch(`${svc.url}/datasource/add_source.cmd`, {
    method: 'POST',
    headers: { authorization: basicAuth('svc', svc.password!), 'content-type': 'application/json' },
    body: JSON.stringify({ definition }),
  });
  return { status: response.status, record: (await response.json()) as Record<string, any> };
};

test("the server starts and replays the demo capture with its own reader: every frame, and the access points tshark's reference lists", async () => {
  const reference = NPM_START_CAPTURE.reference;
  await waitForFirstSource(svc, reference.frames_total);
  const accessPoints: Record<string, string>[] = await adminGet(svc)('/devices/views/phydot11_accesspoints/devices.json');
  assert.equal(
    accessPoints.map((device) => [device['svc.device.base.macaddr'], device['svc.device.base.name']]).sort(),
    Object.entries(reference.bssids).map(([mac, bss]) => [mac.toUpperCase(), networkName(bss)]).sort(),
  );
});

test('linuxwifi says it needs the pcap binding and what to install; the failure is permanent', async () => {
  const { status, record } = await addSource('lo:type=linuxwifi');
  assert.is(status, 200);
  assert.is(record['svc.datasource.error'], 1);
  if (process.getuid?.() === 0) {
    assert.is(
      record['svc.datasource.error_reason'],
      'SVC_ERR_DATASOURCE_PERMANENT: live capture (linuxwifi) needs the pcap package, whose native binding is not installed: apt-get install libpcap-dev g++ make python3, then npm rebuild pcap in the directory svc is installed in; then restart svc',
    );
    assert.is(record['svc.datasource.error_kind'], 'permanent');
  } else {
    assert.match(record['svc.datasource.error_reason'], 'linuxwifi needs root');
  }
});

test('a serial source says it needs the serialport package; svc keeps serving', async () => {
  const { status, record } = await addSource('serialjson-bench:device=/dev/ttyUSB7');
  assert.is(status, 200);
  assert.match(record['svc.datasource.error_reason'], 'a serial source or serial GPS receiver needs the serialport package, whose native binding is not installed: npm install serialport');
  assert.is(record['svc.datasource.error_kind'], 'permanent');
  assert.is((await fetch(`${svc.url}/system/status.json`, { headers: { authorization: basicAuth('svc', svc.password!) } })).status, 200);
});

test.run();
