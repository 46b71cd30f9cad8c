/**
 * The fleet's settings: defaults that work, a cluster's server list, and clear errors naming the
 * key for what cannot work: credentials in a URL (shown and logged with it), two ways to log in,
 * a certificate without its key, an even replica count, an unreadable file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '@svc/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSensorSettings, readViewSettings } from './fleet-settings.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-fleet-settings-'));
const config = (overrides: Record<string, string>) => loadConfig({ configDir: dir, overrides });
const fails = (overrides: Record<string, string>, pattern: RegExp) =>
  assert.throws(() => readSensorSettings(config(overrides)), (error: Error & { code?: string }) => error.code === 'SVC_ERR_CONFIG_VALUE' && pattern.test(error.message));

test.after(() => rmSync(dir, { recursive: true, force: true }));

test('without fleet_publish the sensor side is off; with it, defaults that work', () => {
  assert.is(readSensorSettings(config({})), undefined);
  const settings = readSensorSettings(config({ fleet_publish: 'nats://10.0.0.1', server_name: 'mast' }))!;
  assert.equal(settings.servers, ['nats://10.0.0.1:4222']);
  assert.is(settings.site, 'default');
  assert.is(settings.node, 'mast');
  assert.is(settings.backlogMax, 10_000);
  assert.is(settings.replicas, 1);
  assert.is(settings.controlSubject, undefined, 'control from the centre is off by default');
  assert.equal(settings.login, { user: undefined, password: undefined, token: undefined, credsFile: undefined, nkeySeedFile: undefined, tls: undefined });
});

test('a cluster is a comma separated list; the fleet view reads fleet_view', () => {
  const settings = readViewSettings(config({ fleet_view: 'nats://a:4222, tls://b:4333,c', fleet_replicas: '3' }))!;
  assert.equal(settings.servers, ['nats://a:4222', 'tls://b:4333', 'nats://c:4222']);
  assert.is(settings.replicas, 3);
});

test('with fleet_control the sensor takes commands on its own subject, or the one configured', () => {
  assert.is(readSensorSettings(config({ fleet_publish: 'nats://h', fleet_control: 'true', fleet_site: 'camp.us', server_name: 'mast 1' }))!.controlSubject, 'svc.fleetctl.camp_us.mast_1');
  assert.is(readSensorSettings(config({ fleet_publish: 'nats://h', fleet_control: 'true', fleet_control_subject: 'ops.radio.mast' }))!.controlSubject, 'ops.radio.mast');
  fails({ fleet_publish: 'nats://h', fleet_control: 'true', fleet_control_subject: 'ops.>' }, /must be one subject/);
  fails({ fleet_publish: 'nats://h', fleet_control: 'true', fleet_control_subject: 'svc.fleet.x' }, /outside svc\.fleet/);
});

test('what cannot work is refused, naming the key', () => {
  fails({ fleet_publish: 'nats://svc:secret@host:4222' }, /no user, password or token in the server URL/);
  fails({ fleet_publish: 'mqtt://host' }, /nats:\/\/ or tls:\/\//);
  fails({ fleet_publish: 'nats://host/path' }, /scheme, host and port only/);
  fails({ fleet_publish: 'nats://host', fleet_user: 'u', fleet_password: 'p', fleet_token: 't' }, /one way to log in/);
  fails({ fleet_publish: 'nats://host', fleet_user: 'u' }, /go together/);
  fails({ fleet_publish: 'nats://host', fleet_tls_cert: '/etc/hostname' }, /fleet_tls_cert and fleet_tls_key go together/);
  fails({ fleet_publish: 'nats://host', fleet_creds: '/nonexistent/fleet.creds' }, /fleet_creds \/nonexistent\/fleet.creds cannot be read \(ENOENT\)/);
  fails({ fleet_publish: 'nats://host', fleet_replicas: '2' }, /must be odd/);
  fails({ fleet_publish: 'nats://host', fleet_view: 'nats://host' }, /a fleet view does not publish to the fleet/);
  fails({ fleet_publish: 'nats://host', fleet_backlog_max: '5' }, /fleet_backlog_max/);
});

test('a secret in a refused URL is not repeated in the error', () => {
  try {
    readSensorSettings(config({ fleet_publish: 'nats://svc:hunter2@host:4222' }));
    assert.unreachable();
  } catch (error) {
    assert.not.match((error as Error).message, 'hunter2');
  }
});

test.run();
