/**
 * Logs of a real `svc start` process: by default an svcdb log in the config dir's `logs/`,
 * `-t` titles it and `-n` turns logging off; `/logging` starts and stops a pcapng log at run
 * time; a server killed with SIGKILL mid-ingest leaves a log SQLite opens whole, and the next
 * start takes back every device the log held; a full disk (a 1 MB tmpfs in a private mount
 * namespace) closes the logs with a message and a LOGERROR alert while the server goes on. (A
 * log that cannot start at all is the attack suite's: attack/log-disk.test.ts.) The captures
 * are svc's own: its demo scene, and its bulk capture where many devices are needed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { waitUntil } from '@svc/core/testing';
import { BULK_CAPTURE, DEMO_SCENE_CAPTURE } from './dot11-captures.js';
import { canMountTmpfs, tmpfsWrapper } from './private-tmpfs.js';
import { adminGet, basicAuth, startSvc } from './svc-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-e2e-logging-'));

const logsIn = (configDir: string) => {
  try {
    return readdirSync(join(configDir, 'logs')).sort();
  } catch {
    return [];
  }
};

test('svc start logs to svcdb by default; -t titles the log, -n writes none; /logging starts and stops a pcapng log', async () => {
  const plain = await startSvc({ args: ['-c', `${DEMO_SCENE_CAPTURE.path}:name=small`] });
  try {
    const get = adminGet(plain);
    const active = await get('/logging/active.json');
    assert.is(active.length, 1);
    assert.is(active[0]['svc.log.type_driver']['svc.logfile.type.class'], 'svcdb');
    assert.match(active[0]['svc.logfile.path'], /\/logs\/svc-\d{8}-\d\d-\d\d-\d\d-1\.svcdb$/);
    const drivers = (await get('/logging/drivers.json')).map((driver: any) => driver['svc.logfile.type.class']);
    assert.equal(drivers, ['svcdb', 'pcapng', 'wiglecsv']);
    const auth = basicAuth('svc', plain.password!);
    const started = await fetch(`${plain.url}/logging/by-class/pcapng/start.cmd`, { method: 'POST', headers: { authorization: auth } });
    assert.is(started.status, 200);
    const log = (await started.json()) as Record<string, unknown>;
    const again = await fetch(`${plain.url}/logging/by-class/pcapng/start.cmd`, { method: 'POST', headers: { authorization: auth } });
    assert.is(again.status, 409, 'one pcapng log at a time');
    const stopped = await fetch(`${plain.url}/logging/by-uuid/${log['svc.logfile.uuid']}/stop.cmd`, { method: 'POST', headers: { authorization: auth } });
    assert.is(stopped.status, 200);
    assert.is(((await stopped.json()) as Record<string, unknown>)['svc.logfile.open'], 0);
    assert.is((await fetch(`${plain.url}/logging/by-class/nosuch/start.cmd`, { method: 'POST', headers: { authorization: auth } })).status, 404);
  } finally {
    await plain.stop();
  }
  const names = logsIn(plain.configDir);
  assert.equal(names.map((name) => name.replace(/\d{8}-\d\d-\d\d-\d\d/, 'TIME')).sort(), ['svc-TIME-1.pcapng', 'svc-TIME-1.svcdb', 'svc-TIME-1.svcdb-state'], names.join(', '));
  // The logs hold what the air said: 0640, whatever the type.
  for (const name of names) assert.is(statSync(join(plain.configDir, 'logs', name)).mode & 0o777, 0o640, `${name} is 0640`);

  const titled = await startSvc({ args: ['-t', 'roof'] });
  await titled.stop();
  assert.match(logsIn(titled.configDir).join(), /^roof-\d{8}-\d\d-\d\d-\d\d-1\.svcdb,roof-\d{8}-\d\d-\d\d-\d\d-1\.svcdb-state$/);
  const silent = await startSvc({ args: ['-n'] });
  try {
    assert.equal(await adminGet(silent)('/logging/active.json'), []);
  } finally {
    await silent.stop();
  }
  assert.equal(logsIn(silent.configDir), []);
});

test('killed with SIGKILL mid-ingest: the log opens whole and the next start holds every device it held', async () => {
  const configDir = mkdtempSync(join(scratch, 'kill-'));
  writeFileSync(join(configDir, 'svc.conf'), 'log_device_interval=0.5\n');
  const svc = await startSvc({ configDir, args: ['-c', `${BULK_CAPTURE.path}:name=slow,pps=500`] });
  const log = join(configDir, 'logs', logsIn(configDir)[0]!);
  let logged: { keys: string[]; packets: number };
  try {
    const read = () => {
      const db = new Database(log, { readonly: true });
      try {
        return { keys: (db.prepare('SELECT devkey FROM devices').pluck().all() as string[]).sort(), packets: (db.prepare('SELECT count(*) FROM packets').pluck().get() as number) };
      } finally {
        db.close();
      }
    };
    await waitUntil('the log holds devices and 3000 packets while the replay goes on', () => {
      logged = read();
      return logged.keys.length >= 50 && logged.packets >= 3000;
    }, { timeoutMs: 60_000, detail: svc.stderr });
    svc.child.kill('SIGKILL');
    await svc.stop();
  } catch (error) {
    await svc.stop();
    throw error;
  }
  const db = new Database(log, { readonly: true });
  assert.is(db.pragma('integrity_check', { simple: true }), 'ok');
  const packets = db.prepare('SELECT count(*) FROM packets').pluck().get() as number;
  assert.ok(packets >= logged!.packets && packets < BULK_CAPTURE.reference.frames_total, `${packets} packets in the killed log`);
  db.close();

  const again = await startSvc({ configDir });
  try {
    const devices = await adminGet({ ...again, password: svc.password })('/devices/views/all/devices.json');
    const keys = new Set(devices.map((device: any) => device['svc.device.base.key']));
    const missing = logged!.keys.filter((key) => !keys.has(key));
    assert.equal(missing, [], 'every device the log held is back');
  } finally {
    await again.stop();
  }
});

test('a full disk: the logs close with a message and a LOGERROR alert, the server and its devices go on', async () => {
  assert.ok(canMountTmpfs, 'this test needs unshare to mount a tmpfs (root, or unprivileged user namespaces)');
  const configDir = mkdtempSync(join(scratch, 'full-'));
  const logs = join(configDir, 'logs');
  mkdirSync(logs);
  writeFileSync(join(configDir, 'svc.conf'), 'log_types=svcdb,pcapng\n');
  const svc = await startSvc({
    configDir,
    args: ['-c', `${BULK_CAPTURE.path}:name=big`],
    wrapper: tmpfsWrapper(logs, 'size=1m'),
  });
  try {
    const get = adminGet(svc);
    await waitUntil('both logs stopped', async () => (await get('/logging/active.json')).every((log: any) => log['svc.logfile.open'] === 0), { timeoutMs: 60_000, detail: svc.stderr });
    const active = await get('/logging/active.json');
    for (const log of active) assert.match(log['svc.logfile.error'], /the disk is full/, JSON.stringify(log));
    const alerts = await get('/alerts/all_alerts.json');
    assert.ok(alerts.some((alert: any) => alert['svc.alert.header'] === 'LOGERROR' && /the disk is full/.test(alert['svc.alert.text'])), JSON.stringify(alerts));
    const messages = await get('/messagebus/all_messages.json');
    assert.ok(messages.some((message: any) => /log .* stopped: the disk is full.*the server goes on without it/.test(message['svc.messagebus.message_string'])));
    const { frames_total: frames, transmitters } = BULK_CAPTURE.reference;
    await waitUntil('the replay goes on to the end', async () => (await get('/datasource/all_sources.json'))[0]['svc.datasource.num_packets'] === frames, { timeoutMs: 60_000, detail: svc.stderr });
    const tracked = new Set((await get('/devices/views/all/devices.json')).map((device: any) => device['svc.device.base.macaddr'].toLowerCase()));
    assert.equal(transmitters.filter((mac) => !tracked.has(mac)), [], 'every transmitter tshark lists is tracked');
    assert.ok(svc.stderr().includes('disk is full'), 'the log says it too');
  } finally {
    assert.is(await svc.stop(), 0, 'the server stops cleanly');
  }
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
