import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSvcError } from '../errors.js';
import { ApiKeyStore } from './api-keys.js';

const file = () => join(mkdtempSync(join(tmpdir(), 'svc-keys-')), 'session.db');

test('a generated key verifies with its role, is saved 0600 and survives a restart', () => {
  const path = file();
  const store = new ApiKeyStore(path);
  const key = store.generate('script', 'readonly', 0);
  assert.match(key.token, /^[0-9A-F]{32}$/);
  assert.equal(store.verify(key.token), { name: 'script', role: 'readonly', method: 'apikey' });
  assert.is(statSync(path).mode & 0o777, 0o600);
  const reloaded = new ApiKeyStore(path);
  assert.equal(reloaded.verify(key.token)?.role, 'readonly');
  assert.is(reloaded.verify('0'.repeat(32)), undefined);
});

test('expiry is honoured', () => {
  let now = 1000;
  const store = new ApiKeyStore(file(), () => now);
  const key = store.generate('short', 'admin', 60);
  assert.is(key.expires, 1060);
  now = 1059;
  assert.ok(store.verify(key.token));
  now = 1060;
  assert.is(store.verify(key.token), undefined);
});

test('revoke removes a key; duplicates and unknown names are coded errors', () => {
  const store = new ApiKeyStore(file());
  const key = store.generate('a', 'datasource', 0);
  assert.throws(() => store.generate('a', 'readonly', 0), (error: unknown) => isSvcError(error, 'SVC_ERR_CONFLICT'));
  store.revoke('a');
  assert.is(store.verify(key.token), undefined);
  assert.throws(() => store.revoke('a'), (error: unknown) => isSvcError(error, 'SVC_ERR_NOT_FOUND'));
  assert.throws(() => store.generate('b', 'readonly', -5), (error: unknown) => isSvcError(error, 'SVC_ERR_BAD_REQUEST'));
});

test('a corrupt key file is a clear error, not a crash later', () => {
  const path = file();
  writeFileSync(path, '{not json');
  assert.throws(() => new ApiKeyStore(path), (error: unknown) => isSvcError(error, 'SVC_ERR_CONFIG_VALUE') && /not valid JSON/.test(String(error)));
  writeFileSync(path, JSON.stringify([{ name: 'x', token: 'T', role: 'root' }]));
  assert.throws(() => new ApiKeyStore(path), /valid role/);
  assert.is(readFileSync(path, 'utf8').includes('root'), true);
});

test.run();
